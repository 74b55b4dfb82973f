import path from 'node:path';
import { exceedsPathLimits, isInside } from '../workspace/paths.js';
import { prefetchWorkspace } from '../workspace/prefetch-workspace.js';
import { readTextFile } from '../workspace/read-text-file.js';
import type { ListRequest, Workspace } from '../workspace/workspace.js';
import { findImportTokens } from './import-tokens.js';

/** Names of one list request at most, so a file with thousands of imports is still a few requests of one batch. */
const namesPerRequest = 256;

/** A file whose `@path` tokens are looked for: where they resolve from, its text, its import depth. */
export interface ImportingFile {
  directory: string;
  text: string;
  importDepth: number;
}

/**
 * A workspace that answers the reads of `file`'s imports, all of them, level by level: every import
 * of one level (relative to the file importing it, inside the root, within `maxImportDepth`) named in
 * one `listDirectories` request from the root, its small files read, then the next level from what
 * those files say. So a file's imports cost one round trip per level on a sandbox, whatever their
 * number: the level below is known only once the level above is read, so that is the floor. It only
 * warms what `loadImports` then reads (same answers, first occurrence and cycles decided there). A
 * workspace without `listDirectories` is returned as it is.
 */
export async function prefetchImportLevels(
  workspace: Workspace,
  file: ImportingFile,
  limits: { maxImportDepth: number; maxFileBytes: number },
): Promise<Workspace> {
  if (workspace.listDirectories === undefined) return workspace;
  const { root } = workspace;
  const asked = new Set<string>();
  let reading = workspace;
  let level: ImportingFile[] = [file];
  while (level.length > 0) {
    const targets: Array<{ target: string; importDepth: number }> = [];
    for (const importer of level) {
      if (importer.importDepth + 1 > limits.maxImportDepth) continue;
      for (const token of findImportTokens(importer.text)) {
        // Home imports are read through another workspace; they are asked for as before.
        if (token.specifier.startsWith('~/') || token.specifier.includes('\0')) continue;
        const target = path.posix.resolve(importer.directory, token.specifier);
        if (target === root || !isInside(root, target) || exceedsPathLimits(target) || asked.has(target))
          continue;
        asked.add(target);
        targets.push({ target, importDepth: importer.importDepth + 1 });
      }
    }
    if (targets.length === 0) break;
    const names = targets.map(({ target }) => path.posix.relative(root, target));
    const requests: ListRequest[] = [];
    for (let start = 0; start < names.length; start += namesPerRequest) {
      requests.push({
        path: root,
        names: names.slice(start, start + namesPerRequest),
        read: { maxBytes: limits.maxFileBytes },
      });
    }
    const listed = await prefetchWorkspace(reading, requests);
    if (listed === reading) break;
    reading = listed;
    level = [];
    for (const { target, importDepth } of targets) {
      try {
        // Answered from the listing: a file found is read from it, anything else is known not to be one.
        if ((await reading.stat(target))?.kind !== 'file') continue;
        const read = await readTextFile(reading, target, { maxBytes: limits.maxFileBytes });
        if (!read.binary) level.push({ directory: path.posix.dirname(target), text: read.text, importDepth });
      } catch {
        // Refused or unreadable: `loadImports` reports it when it gets there.
      }
    }
  }
  return reading;
}
