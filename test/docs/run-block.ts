import { spawn } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import type { CodeBlock } from './code-blocks.js';
import { blockFileName, scratchDirectory } from './type-check-blocks.js';

/** What a block printed. */
export interface BlockRun {
  stdout: string;
  stderr: string;
  exitCode: number | null;
}

/** Languages of blocks that can be run; a shell block runs its lines with `sh`. */
export const runnableLanguages = new Set(['ts', 'typescript', 'sh']);

/**
 * Run a block the way a reader would, from a fresh directory holding a copy of `examples/demo-repo`
 * (so examples may read it by its path and write next to it without touching the repository):
 *
 * - a TypeScript block is compiled to JavaScript into `.doc-check/run/` (inside the repository, so
 *   `agent-context` and the framework packages resolve as installed) and run with `node`;
 * - a shell block runs with `sh`, where `agent-context` (and `npx agent-context`) is the built CLI
 *   and `npm run demo` the demo.
 *
 * Standard output is what the block printed; it is run with `NO_COLOR` set and no API keys.
 */
export async function runBlock(
  repositoryRoot: string,
  block: CodeBlock,
  timeoutMs = 60_000,
): Promise<BlockRun> {
  const sandbox = mkdtempSync(join(tmpdir(), 'agent-context-docs-'));
  try {
    cpSync(join(repositoryRoot, 'examples/demo-repo'), join(sandbox, 'examples/demo-repo'), {
      recursive: true,
      verbatimSymlinks: true,
    });
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: sandbox, NO_COLOR: '1', LANG: 'C.UTF-8' };
    if (block.language === 'sh') {
      const bin = join(sandbox, '.bin');
      mkdirSync(bin);
      const cli = join(bin, 'agent-context');
      writeFileSync(
        cli,
        `#!/bin/sh\nexec node ${JSON.stringify(join(repositoryRoot, 'dist/cli/main.js'))} "$@"\n`,
      );
      chmodSync(cli, 0o755);
      const script = block.code
        .replace(/^npx agent-context\b/gm, 'agent-context')
        .replace(
          /^npm run demo(?: --)?/gm,
          `node ${JSON.stringify(join(repositoryRoot, 'examples/demo/run-demo.mjs'))}`,
        );
      return await run(
        'sh',
        ['-e', '-c', script],
        sandbox,
        { ...env, PATH: `${bin}:${env.PATH ?? ''}` },
        timeoutMs,
      );
    }
    const directory = join(repositoryRoot, scratchDirectory, 'run');
    mkdirSync(directory, { recursive: true });
    const file = join(directory, blockFileName(block, 'mjs'));
    const javascript = ts.transpileModule(block.code, {
      compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
    }).outputText;
    writeFileSync(file, javascript);
    return await run(process.execPath, [file], sandbox, env, timeoutMs);
  } finally {
    rmSync(sandbox, { recursive: true, force: true });
  }
}

function run(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<BlockRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (exitCode) => resolve({ stdout, stderr, exitCode }));
  });
}
