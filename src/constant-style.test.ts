import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One constant style: module constants are camelCase (`maxSettingsBytes`), as every other name.
 * Held over the source, the tests and the benchmarks, so no SCREAMING_CASE name comes back.
 */

const repositoryRoot = join(import.meta.dirname, '..');

/** A declaration of a SCREAMING_CASE name (two capitals or more, as `MAX`, `MAX_BYTES`). */
const screamingDeclaration = /\b(?:const|let|var)\s+([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)\s*[:=]/g;

/** Every `.ts` file under `directory`, node_modules left out. */
function typeScriptFiles(directory: string): string[] {
  return readdirSync(join(repositoryRoot, directory), { withFileTypes: true }).flatMap((entry) => {
    const path = `${directory}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : typeScriptFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The SCREAMING_CASE constants `text` declares, outside string fixtures (`'export const B = …'`). */
function screamingNames(text: string): string[] {
  const code = text.replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/g, "''");
  return [...code.matchAll(screamingDeclaration)]
    .map((match) => match[1] ?? '')
    .filter((name) => name.length >= 2);
}

describe('the constant style', () => {
  it('finds a SCREAMING_CASE declaration, and not one inside a string', () => {
    expect(
      screamingNames('const MAX_BYTES = 1;\nexport const maxBytes = 2;\nlet LIMIT: number = 3;'),
    ).toEqual(['MAX_BYTES', 'LIMIT']);
    expect(screamingNames("const fixture = 'export const B = () => null; const TOP = 1';")).toEqual([]);
  });

  it('declares every constant in camelCase', () => {
    const files = ['src', 'test', 'bench'].flatMap((directory) => typeScriptFiles(directory));
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      screamingNames(readFileSync(join(repositoryRoot, file), 'utf8')).map((name) => `${file}: ${name}`),
    );
    expect(found).toEqual([]);
  });
});
