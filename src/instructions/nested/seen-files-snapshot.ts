import { savedState } from '../../session/saved-state.js';
import type { JsonValue } from '../../session/session-snapshot.js';
import { FrontCoder, FrontDecoder } from '../../shared/front-coding.js';
import { toLabel } from '../../workspace/labels.js';
import { absoluteOfStored, storedPathOf } from '../../workspace/stored-path.js';
import type { Workspace } from '../../workspace/workspace.js';
import { documentKeyLength } from '../document-key.js';

/**
 * The dedup memory of nested instructions as snapshot data, and back. The memory is two maps: real
 * path -> label of the file that had it (one entry per real file), and document key -> label (one
 * entry per text). Stored:
 *
 * - `realPaths`: per real path, the path relative to the workspace root, front-coded (see
 *   `FrontCodedList`), when the label is the one the path itself has (the common case); else
 *   `[real path, label]` (a file reached through a link).
 * - `hashes`: `[document key, label]`, the label as the index of the `realPaths` entry with the same
 *   label when there is one.
 *
 * Version 1 snapshots stored `realPaths` the same way without front coding, and 43-character keys
 * (the whole sha-256); those are read too (a key is its first 16 characters, see `documentKey`).
 */
export interface SeenFiles {
  /** Absolute real path -> label. */
  realPaths: Map<string, string>;
  /** Document key -> label. */
  hashes: Map<string, string>;
}

type Place = Pick<Workspace, 'root' | 'cwd'>;

/** `seen` as snapshot data (`realPaths` and `hashes` fields). */
export function saveSeenFiles(
  seen: SeenFiles,
  workspace: Place,
): { realPaths: JsonValue; hashes: JsonValue } {
  const coder = new FrontCoder();
  const indexOfLabel = new Map<string, number>();
  const realPaths: JsonValue[] = [];
  for (const [real, label] of seen.realPaths) {
    const stored = storedPathOf(workspace.root, real);
    if (label === toLabel(workspace, real)) {
      if (!indexOfLabel.has(label)) indexOfLabel.set(label, realPaths.length);
      realPaths.push(coder.code(stored));
    } else {
      realPaths.push([stored, label]);
    }
  }
  const hashes: JsonValue[] = [];
  for (const [key, label] of seen.hashes) hashes.push([key, indexOfLabel.get(label) ?? label]);
  return { realPaths, hashes };
}

/** The memory of {@link saveSeenFiles}'s data; throws a plain error naming a field that does not fit. */
export function restoreSeenFiles(
  realPathsValue: JsonValue | undefined,
  hashesValue: JsonValue | undefined,
  workspace: Place,
): SeenFiles {
  const fail = (field: string, problem: string) => new Error(`${field} ${problem}`);
  const decoder = new FrontDecoder(fail);
  const labels: string[] = [];
  const realPaths = new Map<string, string>();
  savedState.array(realPathsValue, 'realPaths').forEach((entry, index) => {
    const at = `realPaths[${index}]`;
    const stored = decoder.read(entry, at);
    if (stored !== undefined) {
      const real = absoluteOfStored(workspace.root, stored);
      const label = toLabel(workspace, real);
      labels.push(label);
      realPaths.set(real, label);
    } else if (
      Array.isArray(entry) &&
      entry.length === 2 &&
      entry.every((item) => typeof item === 'string')
    ) {
      const [stored, label] = entry as [string, string];
      labels.push(label);
      realPaths.set(absoluteOfStored(workspace.root, stored), label);
    } else {
      throw new Error(`${at} is neither a path nor [real path, label]`);
    }
  });
  const hashes = new Map<string, string>();
  savedState.array(hashesValue, 'hashes').forEach((entry, index) => {
    const at = `hashes[${index}]`;
    if (!Array.isArray(entry) || entry.length !== 2 || typeof entry[0] !== 'string') {
      throw new Error(`${at} is not [key, label]`);
    }
    const [key, reference] = entry;
    let label: string;
    if (typeof reference === 'string') label = reference;
    else if (typeof reference === 'number' && labels[reference] !== undefined) label = labels[reference];
    else throw new Error(`${at}[1] is neither a label nor the index of a realPaths entry`);
    hashes.set(currentKey(key as string), label);
  });
  return { realPaths, hashes };
}

/** A key as `documentKey` makes it today: version 1 stored the whole digest (43 characters). */
function currentKey(key: string): string {
  return /^[A-Za-z0-9_-]{43}$/.test(key) ? key.slice(0, documentKeyLength) : key;
}
