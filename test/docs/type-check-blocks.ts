import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import type { CodeBlock } from './code-blocks.js';

/** The AI SDK majors the docs are checked against; ai 6 is what npm installs on Node.js 20. */
export type AiMajor = 'ai7' | 'ai6';

/** Where generated files go, inside the repository so that its node_modules and package resolve. */
export const scratchDirectory = '.doc-check';

/** Whether a block uses the AI SDK, and so must compile on ai 6 as well as ai 7. */
export function importsAiSdk(block: CodeBlock): boolean {
  return /\bfrom\s+['"](ai|ai\/[^'"]+|@ai-sdk\/[^'"]+|agent-context\/ai-sdk)['"]/.test(block.code);
}

/** The file name of a block in the scratch directory: its page and line (`docs_ai-sdk_33.ts`). */
export function blockFileName(block: CodeBlock, extension: string): string {
  return `${block.file.replace(/\.md$/, '').replace(/[^A-Za-z0-9-]/g, '_')}_${block.line}.${extension}`;
}

/**
 * Type-check `blocks` as one program with `test/docs/tsconfig.<major>.json`: each block becomes a
 * module in `.doc-check/<major>/`, importing `agent-context` as a user does (the package resolves
 * itself to `dist/` through its `exports`, so build first). Returns each block's errors, as lines
 * `PAGE:LINE: message` pointing into the page; a block without errors has an empty list.
 */
export function typeCheckBlocks(
  repositoryRoot: string,
  major: AiMajor,
  blocks: readonly CodeBlock[],
): Map<CodeBlock, string[]> {
  const directory = join(repositoryRoot, scratchDirectory, major);
  rmSync(directory, { recursive: true, force: true });
  mkdirSync(directory, { recursive: true });
  const byFile = new Map<string, CodeBlock>();
  for (const block of blocks) {
    const file = join(directory, blockFileName(block, 'ts'));
    // `export {}` makes every block a module of its own, as a file of the user's would be.
    writeFileSync(file, `${block.code}export {};\n`);
    byFile.set(file, block);
  }

  const configFile = join(repositoryRoot, 'test/docs', `tsconfig.${major}.json`);
  const config = ts.getParsedCommandLineOfConfigFile(
    configFile,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error(`Cannot read ${configFile}.`);
  const program = ts.createProgram({ rootNames: [...byFile.keys()], options: config.options });

  const errors = new Map<CodeBlock, string[]>(blocks.map((block) => [block, []]));
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    const block = diagnostic.file ? byFile.get(diagnostic.file.fileName) : undefined;
    if (!block || !diagnostic.file || diagnostic.start === undefined) {
      // Not in a block (a config or library problem): charge it to every block, so it is seen.
      for (const list of errors.values()) list.push(`${major}: ${message}`);
      continue;
    }
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    errors.get(block)?.push(`${block.file}:${block.line + 1 + line}: TS${diagnostic.code}: ${message}`);
  }
  return errors;
}
