import { readFile, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { instructionFileNames } from '../../generator/expected-surfacing.js';
import type { NestedSide } from './nested-side.js';

/**
 * The lower bound for nested discovery: a bare per-directory cache. Each directory below the root
 * is checked once: one `stat` per candidate name, one `readFile` per file found; a touch in a
 * directory already checked costs one `Set` lookup. No containment checks, no events, no rendering.
 */
export const idealCacheSide: NestedSide = idealCache(instructionFileNames, '');

/** The ideal cache looking for `names` in each new directory (`label` names the set in the report). */
export function idealCache(names: readonly string[], label: string): NestedSide {
  return {
    name: `ideal per-directory cache${label === '' ? '' : `, ${label}`}`,
    calls: `node:fs/promises \`stat\` per candidate (${names.join(', ')}) of an unchecked directory, \`readFile\` per file found (the bench's own code)`,
    async create(root) {
      const checked = new Set<string>();
      return {
        async touch(absolutePath, event) {
          const directory = event.kind === 'directory' ? absolutePath : dirname(absolutePath);
          // A checked directory's whole chain was checked with it: one lookup answers a repeat touch.
          if (checked.has(directory)) return [];
          const segments = relative(root, directory).split(sep);
          const found: string[] = [];
          let current = root;
          for (const segment of segments) {
            current = join(current, segment);
            if (checked.has(current)) continue;
            checked.add(current);
            for (const name of names) {
              const candidate = join(current, name);
              const info = await stat(candidate).catch(() => undefined);
              if (info?.isFile()) {
                await readFile(candidate, 'utf8');
                found.push(candidate);
              }
            }
          }
          return found;
        },
      };
    },
  };
}
