import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import buildConfig from '../../tsup.config.js';

/**
 * The CLI on the public API: every import of a CLI file that leaves `src/cli/` names a public entry
 * of the package (a typed entry of the build that `package.json` exports), except the `mcp`
 * command's imports of the MCP server under `src/adapters/mcp/` (see `CliCommand`).
 */

const sourceRoot = join(import.meta.dirname, '..');
const repositoryRoot = join(sourceRoot, '..');

/** The source file of every public entry: the typed entries of the build, as `package.json` exports them. */
function publicEntryFiles(): Set<string> {
  const config = Array.isArray(buildConfig) ? buildConfig[0] : buildConfig;
  const typed = (config as { dts: { entry: Record<string, string> } }).dts.entry;
  const manifest = JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8')) as {
    exports: Record<string, string | { import: string }>;
  };
  const exported = new Set(
    Object.values(manifest.exports)
      .map((target) => (typeof target === 'string' ? target : target.import))
      .map((target) => target.replace(/^\.\/dist\//, '').replace(/\.js$/, '')),
  );
  return new Set(
    Object.entries(typed)
      .filter(([name]) => exported.has(name))
      .map(([, file]) => file.replace(/^src\//, '')),
  );
}

/** Every non-test `.ts` file under `directory`, relative to `src/`. */
function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    const isSource = entry.name.endsWith('.ts') && !/\.test(-support)?\.ts$/.test(entry.name);
    return isSource ? [relative(sourceRoot, path).split('\\').join('/')] : [];
  });
}

/** The files of `src/` that `file` imports, statically or with `import()`, relative to `src/`. */
function importedFiles(file: string): string[] {
  const text = readFileSync(join(sourceRoot, file), 'utf8');
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((imported) => imported.fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => posix.normalize(posix.join(dirname(file), specifier)).replace(/\.js$/, '.ts'));
}

/** The imports of `file` that break the rule: outside the CLI, not a public entry, not the MCP exception. */
function strayImports(file: string, entries: ReadonlySet<string>): string[] {
  return importedFiles(file).filter(
    (target) =>
      !target.startsWith('cli/') &&
      !entries.has(target) &&
      !(file === 'cli/commands/mcp.ts' && target.startsWith('adapters/mcp/')),
  );
}

describe('the CLI on the public API', () => {
  const entries = publicEntryFiles();

  it('knows the public entries from the build and the package exports', () => {
    expect(entries).toContain('index.ts');
    expect(entries).toContain('inspect.ts');
    expect(entries).toContain('adapter-kit.ts');
    expect(entries).not.toContain('cli/main.ts');
  });

  it('imports nothing of the library but its public entries (and the MCP server in `mcp`)', () => {
    const files = sourceFiles(join(sourceRoot, 'cli'));
    expect(files).toContain('cli/commands/inspect.ts');
    expect(
      files.flatMap((file) => strayImports(file, entries).map((target) => `${file} -> ${target}`)),
    ).toEqual([]);
  });

  it('catches an import of an internal file', () => {
    expect(importedFiles('cli/commands/mcp.ts')).toContain('adapters/mcp/index.ts');
    expect(strayImports('cli/commands/mcp.ts', new Set())).toEqual([]);
    expect(strayImports('cli/commands/inspect.ts', new Set())).toContain('index.ts');
  });
});
