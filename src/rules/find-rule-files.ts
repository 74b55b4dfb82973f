import path from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import { describeError } from '../errors.js';
import type { Workspace } from '../workspace/workspace.js';
import { findListedFiles } from './find-listed-files.js';
import { extensionOf, fileName, problem, type RuleFile } from './rule-file.js';
import type { RuleLocation } from './rule-format.js';

export type { RuleFile } from './rule-file.js';

const maxDepth = 8;

/**
 * The files of one location under `directory`: the file itself, or every file below the folder
 * ending in one of its extensions (subfolders only when `recursive`, depth bound 8, a folder reached
 * twice through links walked once), sorted by code point. A location that does not exist, or exists
 * as the other kind (`.clinerules` as a file or a folder), gives nothing. Problems are diagnostics.
 */
export async function findRuleFiles(
  workspace: Workspace,
  directory: string,
  location: RuleLocation,
  diagnostics: Diagnostic[],
  label: (absolutePath: string) => string,
): Promise<RuleFile[]> {
  const start = path.posix.join(directory, location.path);
  let kind: string | undefined;
  try {
    kind = (await workspace.stat(start))?.kind;
  } catch (error) {
    diagnostics.push(problem(label(start), `could not be checked: ${describeError(error)}`, 'read-failed'));
    return [];
  }
  if (location.kind === 'file') {
    if (kind === 'other')
      diagnostics.push(problem(label(start), 'is not a regular file; skipped', 'not-a-file'));
    if (kind !== 'file') return [];
    if (location.listKey !== undefined)
      return findListedFiles(workspace, start, location, diagnostics, label);
    return [{ path: start, name: fileName(start, location), location }];
  }
  if (kind !== 'directory') return [];
  if (location.modePrefix !== undefined) {
    return findModeFolderFiles(workspace, start, location, location.modePrefix, diagnostics, label);
  }
  return walkRuleFolder(workspace, start, location, diagnostics, label);
}

/** The rule files of each folder directly in `start` named `PREFIX<mode>`, in name order. */
async function findModeFolderFiles(
  workspace: Workspace,
  start: string,
  location: RuleLocation,
  prefix: string,
  diagnostics: Diagnostic[],
  label: (absolutePath: string) => string,
): Promise<RuleFile[]> {
  let entries: Awaited<ReturnType<Workspace['readdir']>>;
  try {
    entries = await workspace.readdir(start);
  } catch (error) {
    diagnostics.push(problem(label(start), `could not be read: ${describeError(error)}`, 'read-failed'));
    return [];
  }
  const files: RuleFile[] = [];
  for (const entry of entries) {
    if (!entry.name.startsWith(prefix) || entry.name.length === prefix.length) continue;
    if (entry.kind !== 'directory' && entry.kind !== 'symlink') continue;
    const mode = entry.name.slice(prefix.length);
    const folder = `${start}/${entry.name}`;
    if (
      entry.kind === 'symlink' &&
      (await workspace.stat(folder).catch(() => undefined))?.kind !== 'directory'
    )
      continue;
    for (const file of await walkRuleFolder(workspace, folder, location, diagnostics, label))
      files.push({ ...file, mode });
  }
  return files;
}

async function walkRuleFolder(
  workspace: Workspace,
  start: string,
  location: RuleLocation,
  diagnostics: Diagnostic[],
  label: (absolutePath: string) => string,
): Promise<RuleFile[]> {
  const files: RuleFile[] = [];
  const visited = new Set<string>();
  const walk = async (folder: string, depth: number): Promise<void> => {
    let real: string;
    try {
      real = await workspace.realpath(folder);
    } catch (error) {
      diagnostics.push(problem(label(folder), `could not be read: ${describeError(error)}`, 'read-failed'));
      return;
    }
    if (visited.has(real)) return;
    visited.add(real);
    let entries: Awaited<ReturnType<Workspace['readdir']>>;
    try {
      entries = await workspace.readdir(folder);
    } catch (error) {
      diagnostics.push(problem(label(folder), `could not be read: ${describeError(error)}`, 'read-failed'));
      return;
    }
    for (const entry of entries) {
      const child = `${folder}/${entry.name}`;
      let entryKind = entry.kind;
      if (entryKind === 'symlink') {
        try {
          const target = (await workspace.stat(child))?.kind;
          // A link to nothing named like a rule file is named, not passed over in silence.
          if (target === undefined && extensionOf(entry.name, location) !== undefined) {
            diagnostics.push(problem(label(child), 'is a link to a path that does not exist', 'read-failed'));
            continue;
          }
          entryKind = target ?? 'other';
        } catch (error) {
          diagnostics.push(problem(label(child), `was refused: ${describeError(error)}`, 'symlink-refused'));
          continue;
        }
      }
      if (entryKind === 'directory') {
        if (location.recursive && depth < maxDepth) await walk(child, depth + 1);
      } else if (entryKind === 'file' && extensionOf(entry.name, location) !== undefined) {
        files.push({ path: child, name: fileName(child, location), location });
      }
    }
  };
  await walk(start, 1);
  return files;
}
