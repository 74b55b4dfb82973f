import path from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import { toLabel } from '../workspace/labels.js';
import { isInside } from '../workspace/paths.js';
import {
  type UnreadableDirectory,
  unreadableDirectoriesOf,
  unreadableDirectoryDiagnostic,
  unreadableDirectoryOf,
} from '../workspace/unreadable-directories.js';
import type { Workspace } from '../workspace/workspace.js';
import type { InventoryResult } from './inventory-result.js';

/**
 * An inventory with each directory it could not read reported once (see
 * `foldUnreadableDiagnostics`): every "could not read" diagnostic below it, wherever it sits (a root,
 * a skill, the rules), is dropped, and one `unreadable-directory` diagnostic is kept, on the nearest
 * root that holds the directory (the root itself when it is the one unreadable), else in the
 * result's own `diagnostics`. Each root at or below a directory that could not be read says so in
 * `unreadable`. Changes `result` in place.
 */
export function foldUnreadableDirectories(
  workspace: Pick<Workspace, 'root' | 'cwd'>,
  result: InventoryResult,
): void {
  const found = unreadableDirectoriesOf(workspace.root);
  const directories = found.list().filter((directory) => found.explaining(directory.path) === directory);
  if (directories.length === 0) return;
  const keep = (diagnostics: Diagnostic[]) =>
    diagnostics.filter((diagnostic) => unreadableDirectoryOf(workspace, found, diagnostic) === undefined);
  const absoluteOf = (label: string) => path.posix.resolve(workspace.cwd, label);
  for (const root of result.roots) {
    root.diagnostics = keep(root.diagnostics);
    if (root.settings) root.settings.diagnostics = keep(root.settings.diagnostics);
    for (const file of root.hookFiles ?? []) file.diagnostics = keep(file.diagnostics);
    for (const skill of root.skills) skill.diagnostics = keep(skill.diagnostics);
    for (const agent of root.agents) agent.diagnostics = keep(agent.diagnostics);
    for (const command of root.commands) command.diagnostics = keep(command.diagnostics);
    for (const style of root.outputStyles ?? []) style.diagnostics = keep(style.diagnostics);
    // A root that cannot be entered, or below a directory that cannot be, holds nothing known.
    const hiding = found.explaining(absoluteOf(root.root));
    if (hiding !== undefined && (hiding.closed || hiding.path !== absoluteOf(root.root))) {
      root.exists = false;
      root.unreadable = toLabel(workspace, hiding.path);
    }
  }
  for (const rule of result.rules ?? []) rule.diagnostics = keep(rule.diagnostics);
  if (result.ruleDiagnostics !== undefined) {
    result.ruleDiagnostics = keep(result.ruleDiagnostics);
    if (result.ruleDiagnostics.length === 0) delete result.ruleDiagnostics;
  }
  const outside = keep(result.diagnostics ?? []);
  for (const directory of directories) {
    const diagnostic = unreadableDirectoryDiagnostic(workspace, directory);
    const holder = nearestRootHolding(result, directory, absoluteOf);
    if (holder === undefined) outside.push(diagnostic);
    else holder.diagnostics.unshift(diagnostic);
  }
  if (outside.length > 0) result.diagnostics = outside;
  else delete result.diagnostics;
}

function nearestRootHolding(
  result: InventoryResult,
  directory: UnreadableDirectory,
  absoluteOf: (label: string) => string,
) {
  let nearest: { diagnostics: Diagnostic[]; length: number } | undefined;
  for (const root of result.roots) {
    const absolute = absoluteOf(root.root);
    if (!isInside(absolute, directory.path)) continue;
    if (nearest === undefined || absolute.length > nearest.length)
      nearest = { diagnostics: root.diagnostics, length: absolute.length };
  }
  return nearest;
}
