import { readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import type { NestedSide } from './nested-side.js';

/**
 * The naive loader: no memory of directories, only of the files already surfaced. Each touch walks
 * every directory from the root (exclusive) down to the touched one again and, in each, `statSync`s
 * every name; a file not surfaced yet is read with `readFileSync`. Synchronous node:fs, no
 * containment, no events: what a host writes in ten lines.
 */
export function naiveRewalkSide(names: readonly string[], label: string): NestedSide {
  return {
    name: `naive synchronous re-walk, ${label}`,
    calls: `node:fs \`statSync\` of every name (${names.join(', ')}) in every directory of the chain on every touch, \`readFileSync\` per file not surfaced yet (the bench's own code)`,
    async create(root) {
      const surfaced = new Set<string>();
      return {
        async touch(absolutePath, event) {
          const directory = event.kind === 'directory' ? absolutePath : dirname(absolutePath);
          const found: string[] = [];
          let current = root;
          for (const segment of relative(root, directory).split(sep)) {
            current = join(current, segment);
            for (const name of names) {
              const candidate = join(current, name);
              if (surfaced.has(candidate)) continue;
              if (statSync(candidate, { throwIfNoEntry: false })?.isFile()) {
                readFileSync(candidate, 'utf8');
                surfaced.add(candidate);
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
