import fs from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import { AgentContextError } from '../errors.js';
import { findProjectRoot } from '../instructions/find-project-root.js';
import { toLabel } from '../workspace/labels.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import { isInside, toPosixPath } from '../workspace/paths.js';
import { type LoadRulesOptions, loadRules } from './load-rules.js';
import type { Rule } from './rule.js';

/** Options of {@link inspectRules}. */
export interface InspectRulesOptions extends Omit<LoadRulesOptions, 'workspace'> {
  /** The agent's working directory on the local disk (absolute, or relative to `process.cwd()`). */
  directory: string;
  /** A file (absolute, or relative to `process.cwd()`): report which rules apply to it. */
  file?: string;
}

/** Which rules apply to one file (`agent-context rules --file`). */
export interface RuleFileReport {
  /** The file's label. */
  path: string;
  /** The `files` rules whose globs match it, each with the first glob that matched. */
  matches: Array<{ path: string; format: Rule['format']; glob: string }>;
  /** The `always` rules (they apply to every file). */
  always: string[];
}

/** Result of {@link inspectRules} (what `agent-context rules --json` prints). */
export interface RulesReport {
  /** Real absolute POSIX path of the directory inspected. */
  directory: string;
  /** Real absolute POSIX path of the workspace root (the project root, or `stopAt`). */
  root: string;
  /** Every rule loaded, in load order. */
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
 * With `file`, also which rules apply to that file and which glob matched.
 *
 * Throws `not-found` / `not-a-directory` when `directory` is not an existing directory.
 */
export async function inspectRules(options: InspectRulesOptions): Promise<RulesReport> {
  const { directory: givenDirectory, file, ...loadOptions } = options;
  const directory = await existingDirectory(path.resolve(givenDirectory));
  const stopAt =
    options.stopAt === undefined ? undefined : await realPathOrSelf(path.resolve(directory, options.stopAt));
  const root =
    stopAt !== undefined && isInside(toPosixPath(stopAt), toPosixPath(directory))
      ? stopAt
      : ((await findProjectRoot(directory, { rootMarkers: options.rootMarkers ?? ['.git'] })) ?? directory);
  const workspace = localWorkspace(root, { cwd: directory });
  const loaded = await loadRules({
    ...loadOptions,
    ...(stopAt === undefined ? {} : { stopAt: toPosixPath(stopAt) }),
    workspace,
  });
  const report: RulesReport = {
    directory: workspace.cwd,
    root: workspace.root,
    rules: loaded.items.map(publicRule),
    diagnostics: loaded.diagnostics,
    skipped: loaded.skipped,
  };
  if (file !== undefined) {
    const absolute = toPosixPath(await realPathOrSelf(path.resolve(file)));
    report.file = {
      path: toLabel(workspace, absolute),
      matches: loaded.matcher
        .match(absolute)
        .map((match) => ({ path: match.rule.path, format: match.rule.format, glob: match.glob })),
      always: loaded.items.filter((rule) => rule.scope === 'always').map((rule) => rule.path),
    };
  }
  return report;
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

async function existingDirectory(directory: string): Promise<string> {
  const stats = await fs.stat(directory).catch((error: unknown) => {
    throw new AgentContextError(`Directory not found: ${directory}`, {
      code: 'not-found',
      path: directory,
      reason: 'does not exist',
      cause: error,
    });
  });
  if (!stats.isDirectory()) {
    throw new AgentContextError(`Not a directory: ${directory}`, {
      code: 'not-a-directory',
      path: directory,
      reason: 'not a directory',
    });
  }
  return fs.realpath(directory);
}

async function realPathOrSelf(target: string): Promise<string> {
  try {
    return await fs.realpath(target);
  } catch {
    return target;
  }
}
