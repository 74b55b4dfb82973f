import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';

/**
 * The node:fs functions that name a path, in their synchronous, callback and promise forms. Calls on
 * an open file handle (read, close) are not counted: a read of one file counts once, whichever way
 * the code opened it.
 */
const pathFunctions = [
  'access',
  'exists',
  'stat',
  'lstat',
  'readFile',
  'readdir',
  'opendir',
  'realpath',
  'open',
  'writeFile',
  'appendFile',
  'mkdir',
  'rename',
  'unlink',
  'rm',
  'copyFile',
] as const;

/** Counts of node:fs calls by function name (`stat`, `statSync`, `promises.stat`, ...). */
export interface FilesystemCounter {
  /** Calls since the last reset, by function name. */
  readonly counts: Map<string, number>;
  /** Calls since the last reset, all functions together. */
  total(): number;
  reset(): void;
  /** Restore the original functions. */
  uninstall(): void;
}

type AnyFunction = (...args: unknown[]) => unknown;

/**
 * Count every node:fs call that names a path, in every module of the process (ESM named imports
 * included: the patched functions are published with `syncBuiltinESMExports`). This is how the
 * benchmark counts file-system calls for every side alike, peers included, without touching their
 * code. The wrappers cost a little time, so timing rounds run without the counter and counting runs
 * separately. Only one counter may be installed at a time.
 */
export function installFilesystemCounter(): FilesystemCounter {
  const counts = new Map<string, number>();
  const restore: Array<() => void> = [];
  const wrap = (target: Record<string, unknown>, name: string, label: string) => {
    const original = target[name];
    if (typeof original !== 'function') return;
    const wrapped = function (this: unknown, ...args: unknown[]) {
      counts.set(label, (counts.get(label) ?? 0) + 1);
      return (original as AnyFunction).apply(this, args);
    };
    // realpath keeps its `.native` variant reachable, as callers may use it.
    Object.assign(wrapped, original);
    target[name] = wrapped;
    restore.push(() => {
      target[name] = original;
    });
  };
  const callbackApi = fs as unknown as Record<string, unknown>;
  const promiseApi = fs.promises as unknown as Record<string, unknown>;
  for (const name of pathFunctions) {
    wrap(callbackApi, name, name);
    wrap(callbackApi, `${name}Sync`, `${name}Sync`);
    wrap(promiseApi, name, `promises.${name}`);
  }
  syncBuiltinESMExports();
  return {
    counts,
    total: () => [...counts.values()].reduce((sum, count) => sum + count, 0),
    reset: () => counts.clear(),
    uninstall: () => {
      for (const undo of restore.reverse()) undo();
      syncBuiltinESMExports();
    },
  };
}
