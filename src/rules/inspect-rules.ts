import path from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import { resolveLocalProject } from '../project/resolve-local-project.js';
import { withCheckedDirectories } from '../workspace/checked-directories.js';
import { toLabel } from '../workspace/labels.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import { resolvePathInWorkingDirectory } from '../workspace/path-in-working-directory.js';
import { isInside, toPosixPath } from '../workspace/paths.js';
import { prefetchWorkspace } from '../workspace/prefetch-workspace.js';
import {
  foldUnreadableDiagnostics,
  guardUnreadableDirectories,
  withUnreadableDirectories,
} from '../workspace/unreadable-directories.js';
import type { ListRequest, Workspace } from '../workspace/workspace.js';
import { loadNestedRules, nestedRuleLocations } from './load-nested-rules.js';
import { type LoadRulesOptions, loadRules } from './load-rules.js';
import type { LoadedRule, Rule } from './rule.js';
import { isNotLoaded } from './rule-collector.js';
import { nestedRuleListRequests, ruleListRequests } from './rule-list-requests.js';
import { RuleMatcher } from './rule-matcher.js';

/** Options of {@link inspectRules}. */
export interface InspectRulesOptions extends Omit<LoadRulesOptions, 'workspace'> {
  /** The agent's working directory on the local disk (absolute, or relative to `process.cwd()`). */
  directory: string;
  /**
   * A file (relative to `directory`, or absolute): report which rules apply to it. It must lie inside
   * `directory`, as a file the agent touches does (`path-outside-workspace` otherwise). Default: none
   * (no file report).
   */
  file?: string;
}

/** Which rules apply to one file (`agent-context rules --file`). */
export interface RuleFileReport {
  /** The file's label. */
  path: string;
  /** The `files` rules whose globs match it, each with the first glob that matched. */
  matches: Array<{ path: string; format: Rule['format']; glob: string }>;
  /** The `always` rules (they apply to every file; a subfolder's, to every file below it). */
  always: string[];
}

/** Result of {@link inspectRules} (what `agent-context rules --json` prints). */
export interface RulesReport {
  /** Real absolute POSIX path of the directory inspected. */
  directory: string;
  /** Real absolute POSIX path of the workspace root (the project root, or `stopAt`). */
  root: string;
  /** Every rule loaded, in load order; with `file`, then the rules of the subfolders on the way to it. */
  rules: Rule[];
  /** Every problem, including the files not loaded as rules. */
  diagnostics: Diagnostic[];
  /** The files not loaded as rules (a subset of `diagnostics`). */
  skipped: Diagnostic[];
  /** With `file`: which rules apply to it. */
  file?: RuleFileReport;
}

/**
 * Load the rules of a directory on the local disk, the way the CLI does: the workspace root is
 * `stopAt` when given, else the nearest ancestor holding a root marker, else the directory itself.
 * With `file`, also which rules apply to that file and which glob matched; the rule folders read in
 * subfolders (`.cursor/rules`, `.windsurf/rules`) of the directories between `directory` and the
 * file are read too, as a touch of the file would find them, and their rules join `rules`.
 *
 * Throws `not-found` when `directory` is not an existing directory, and `path-outside-workspace`
 * when `file` is outside it.
 */
export function inspectRules(options: InspectRulesOptions): Promise<RulesReport> {
  return withUnreadableDirectories(() => inspectOnce(options));
}

async function inspectOnce(options: InspectRulesOptions): Promise<RulesReport> {
  const { directory: givenDirectory, file, ...loadOptions } = options;
  const project = await resolveLocalProject({
    directory: givenDirectory,
    ...(options.stopAt === undefined ? {} : { stopAt: options.stopAt }),
    ...(options.rootMarkers === undefined ? {} : { rootMarkers: options.rootMarkers }),
  });
  const { directory, root } = project;
  // A ceiling that is not the directory or an ancestor means the directory alone.
  const stopAt = project.stopAt === undefined ? undefined : root;
  return inspectRulesIn(localWorkspace(root, { cwd: directory }), {
    ...loadOptions,
    ...(file === undefined ? {} : { file }),
    ...(stopAt === undefined ? {} : { stopAt: toPosixPath(stopAt) }),
  });
}

/**
 * {@link inspectRules} over a workspace already made (its `cwd` the directory inspected, `stopAt`
 * already resolved): the rule files and folders of every directory of the walk-up asked as one
 * `listDirectories` request (see `ruleListRequests`), and with `file` the rule folders of the
 * directories on the way to it as one more.
 */
export function inspectRulesIn(
  workspace: Workspace,
  options: Omit<InspectRulesOptions, 'directory'>,
): Promise<RulesReport> {
  return withUnreadableDirectories(() => inspectIn(workspace, options));
}

async function inspectIn(
  workspace: Workspace,
  options: Omit<InspectRulesOptions, 'directory'>,
): Promise<RulesReport> {
  const { file, ...loadOptions } = options;
  let requests: ListRequest[] = [];
  try {
    requests = ruleListRequests(workspace, loadOptions);
  } catch {
    // Options that cannot work fail in `loadRules`, in its own words.
  }
  // The file itself in the same request, so its checks below are answered from it.
  const fileRequest = file === undefined ? undefined : fileListRequest(workspace, file);
  // A directory that cannot be read is reported once, and nothing below it asked again.
  const listed = guardUnreadableDirectories(
    await prefetchWorkspace(workspace, [...requests, ...(fileRequest ?? [])]),
  );
  const loaded = await loadRules({ ...loadOptions, workspace: listed });
  const report: RulesReport = {
    directory: workspace.cwd,
    root: workspace.root,
    rules: loaded.items.map(publicRule),
    diagnostics: loaded.diagnostics,
    skipped: loaded.skipped,
  };
  if (file !== undefined) {
    const { absolute } = await resolvePathInWorkingDirectory(listed, file);
    // The rule folders of the directories between the working directory and the file, as the
    // touch of the file would find them.
    const nested = await nestedRulesOnTheWay(workspace, absolute, loadOptions.formats, loaded.items);
    report.rules.push(...nested.items.map(publicRule));
    report.diagnostics = foldUnreadableDiagnostics(workspace, [...report.diagnostics, ...nested.diagnostics]);
    report.skipped = foldUnreadableDiagnostics(workspace, [
      ...report.skipped,
      ...nested.diagnostics.filter(isNotLoaded),
    ]);
    const matches = [...loaded.matcher.match(absolute), ...nested.matcher.match(absolute)];
    report.file = {
      path: toLabel(workspace, absolute),
      matches: matches.map((match) => ({
        path: match.rule.path,
        format: match.rule.format,
        glob: match.glob,
      })),
      always: [...loaded.items, ...nested.items]
        .filter((rule) => rule.scope === 'always')
        .map((rule) => rule.path),
    };
  }
  return report;
}

/** The rules of the nested rule folders (`.cursor/rules`, ...) of each directory below the cwd down to the file's. */
async function nestedRulesOnTheWay(
  workspace: Workspace,
  file: string,
  formats: LoadRulesOptions['formats'],
  loaded: readonly LoadedRule[],
): Promise<{ items: LoadedRule[]; diagnostics: Diagnostic[]; matcher: RuleMatcher }> {
  const items: LoadedRule[] = [];
  const diagnostics: Diagnostic[] = [];
  const matcher = new RuleMatcher();
  const locations = nestedRuleLocations(formats);
  const directories: string[] = [];
  for (
    let directory = path.posix.dirname(file);
    isInside(workspace.cwd, directory) && directory !== workspace.cwd;
  ) {
    directories.unshift(directory);
    directory = path.posix.dirname(directory);
  }
  if (locations.length === 0 || directories.length === 0) return { items, diagnostics, matcher };
  const seen = new Map<string, string>();
  for (const rule of loaded) if (!seen.has(rule.sha256)) seen.set(rule.sha256, rule.path);
  // Every directory's rule folders in one request, as a touch of the file lists them.
  const reading = await prefetchWorkspace(workspace, nestedRuleListRequests(directories, locations));
  await withCheckedDirectories(async () => {
    for (const directory of directories) {
      const found = await loadNestedRules({ workspace: reading, directory, locations, seen: () => seen });
      items.push(...found.items);
      diagnostics.push(...found.diagnostics);
      matcher.add(found.entries);
    }
  });
  return { items, diagnostics, matcher };
}

/** A request naming `file` in its directory (its kind and real path come with the listing); none for a path refused as written. */
function fileListRequest(workspace: Workspace, file: string): ListRequest[] {
  try {
    const absolute = workspace.resolve(file);
    const directory = path.posix.dirname(absolute);
    return absolute === directory ? [] : [{ path: directory, names: [path.posix.basename(absolute)] }];
  } catch {
    return [];
  }
}

/** The rule without the host paths and hash `loadRules` keeps for matching. */
function publicRule(rule: Rule): Rule {
  const { format, path: label, name, scope, globs, description, body, base, level } = rule;
  return {
    format,
    path: label,
    name,
    scope,
    ...(globs === undefined ? {} : { globs }),
    ...(description === undefined ? {} : { description }),
    body,
    base,
    level,
  };
}
