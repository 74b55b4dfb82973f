import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The import house, held: no source file imports itself through others, and no folder of `src/`
 * (a room: `rules/`, `instructions/`, ...; a top-level file is a room of its own) imports a folder
 * that imports it back. What two rooms share moves down into a lower room instead. Type-only imports
 * count too: they tie the files together for a reader as much as value imports do.
 */

const sourceRoot = join(import.meta.dirname);

/** Every non-test `.ts` file under `src/`, as a POSIX path relative to `src/`. */
function sourceFiles(directory = sourceRoot): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    const isSource = entry.name.endsWith('.ts') && !/\.test(-support)?\.ts$/.test(entry.name);
    return isSource ? [relative(sourceRoot, path).split('\\').join('/')] : [];
  });
}

/** The files of `src/` that `file` imports (or re-exports from), by relative specifier. */
function importsOf(file: string, known: ReadonlySet<string>): string[] {
  const text = readFileSync(join(sourceRoot, file), 'utf8');
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((imported) => imported.fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => posix.normalize(posix.join(dirname(file), specifier)).replace(/\.js$/, '.ts'))
    .filter((target) => known.has(target));
}

/** Groups of nodes that reach each other (strongly connected, more than one node or a self loop). */
function findCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    lowest.set(node, index.get(node) as number);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        lowest.set(node, Math.min(lowest.get(node) as number, lowest.get(next) as number));
      } else if (onStack.has(next)) {
        lowest.set(node, Math.min(lowest.get(node) as number, index.get(next) as number));
      }
    }
    if (lowest.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || (graph.get(node) ?? []).includes(node)) circles.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return circles;
}

/** The room of a file: its top folder under `src/`, or the file itself when it sits in `src/`. */
const roomOf = (file: string) => (file.includes('/') ? `${file.slice(0, file.indexOf('/'))}/` : file);

describe('the import house', () => {
  const files = sourceFiles();
  const known = new Set(files);
  const fileGraph = new Map(files.map((file) => [file, importsOf(file, known)]));

  it('reads the imports of the source files', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(fileGraph.get('inventory/scan-inventory.ts')).toContain('inventory/inventory-list-requests.ts');
  });

  it('has no circle of files', () => {
    expect(findCircles(fileGraph)).toEqual([]);
  });

  it('has no two rooms importing each other, directly or around a loop', () => {
    const roomGraph = new Map<string, string[]>();
    for (const [file, targets] of fileGraph) {
      const room = roomOf(file);
      const others = targets.map(roomOf).filter((target) => target !== room);
      roomGraph.set(room, [...new Set([...(roomGraph.get(room) ?? []), ...others])]);
    }
    expect(findCircles(roomGraph)).toEqual([]);
  });

  it('finds a circle when there is one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
    ]);
    expect(findCircles(graph)).toEqual([['a', 'b', 'c'], ['e']]);
  });
});
