import path from 'node:path';
import { capDiagnostics } from '../cap-diagnostics.js';
import type { Diagnostic, LoadResult } from '../diagnostics.js';
import { AgentContextError, describeError } from '../errors.js';
import { walkUpDirectories } from '../project/walk-up-directories.js';
import { withCheckedDirectories } from '../workspace/checked-directories.js';
import { toLabel } from '../workspace/labels.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import { toPosixPath } from '../workspace/paths.js';
import { readOnlyWorkspace } from '../workspace/read-only-workspace.js';
import {
  foldUnreadableDiagnostics,
  guardUnreadableDirectories,
  withUnreadableDirectories,
} from '../workspace/unreadable-directories.js';
import type { Workspace } from '../workspace/workspace.js';
import { findRuleFiles } from './find-rule-files.js';
import { ruleFormatNames, ruleFormats } from './formats/index.js';
import type { LoadedRule, RuleFormatName } from './rule.js';
import { defaultMaxRuleFileBytes, isNotLoaded, RuleCollector, type RuleSource } from './rule-collector.js';
import type { RuleFormat } from './rule-format.js';
import { RuleMatcher } from './rule-matcher.js';

/** Options of {@link loadRules}. */
export interface LoadRulesOptions {
  /** Where project rules come from; the search walks up from `workspace.cwd`. */
  workspace: Workspace;
  /** The formats read. Default: every one (`ruleFormatNames`); `[]` reads none. */
  formats?: readonly RuleFormatName[];
  /**
   * The user's home directory, for user-level rules (`~/.claude/rules`, `~/.claude/CLAUDE.md`,
   * `~/.codex/AGENTS.md`, `~/.gemini/GEMINI.md`, `~/.copilot/copilot-instructions.md`, ...), read
   * through their own read-only workspace contained in it. Default: none (never read).
   */
  userDirectory?: string;
  /** Names marking the project root, the top of the search. Default `['.git']`. */
  rootMarkers?: readonly string[];
  /** The highest directory searched; overrides `rootMarkers`. Default: none (`rootMarkers` decide). */
  stopAt?: string;
  /** Bytes read from one file at most; a bigger file keeps its head with a diagnostic. Default 1 MiB. */
  maxFileBytes?: number;
}

/** Result of {@link loadRules}. */
export interface RulesLoad extends LoadResult<LoadedRule> {
  /** The `files` rules, their globs compiled once, ready to match touched paths. */
  matcher: RuleMatcher;
  /** Every file not loaded as a rule, one diagnostic each (also in `diagnostics`, unless that list was capped: see `capDiagnostics`). */
  skipped: Diagnostic[];
}

/**
 * Find the rule files of every selected format and map each onto the rule model, in load order:
 *
 * 1. User-level rules (only with `userDirectory`), format by format.
 * 2. Project rules, in each directory from the project root (nearest root marker, or `stopAt`) down
 *    to the workspace directory, format by format; a rule's globs are relative to the directory it
 *    was found in (the one holding `.cursor`, `.github`, ...).
 *
 * A body already loaded (the same rule copied between formats) is skipped as a duplicate; so are an
 * empty body, an unknown `trigger` / `inclusion`, a rule whose globs are all invalid (an invalid glob
 * is named in a diagnostic and the rule is never promoted to always), binary and unreadable files.
 * Frontmatter is read leniently. Never throws for a bad file; throws `invalid-option` for an unknown
 * format name.
 */
export function loadRules(options: LoadRulesOptions): Promise<RulesLoad> {
  // One operation: the directories on the way to every path are checked once, not once per path.
  return withUnreadableDirectories(() => withCheckedDirectories(() => loadOnce(options)));
}

async function loadOnce(options: LoadRulesOptions): Promise<RulesLoad> {
  const formats = selectFormats(options.formats);
  const maxFileBytes = options.maxFileBytes ?? defaultMaxRuleFileBytes;
  // A directory that cannot be read is reported once, and nothing below it asked again.
  const workspace = guardUnreadableDirectories(options.workspace);
  const collector = new RuleCollector(maxFileBytes);
  const walk = await walkUpDirectories(workspace, {
    stopAt: options.stopAt,
    rootMarkers: options.rootMarkers ?? ['.git'],
  });
  const projectRoot = walk.directories[0] ?? workspace.cwd;
  const { diagnostics } = collector;

  // Step 1.
  if (options.userDirectory !== undefined && formats.some((format) => format.userLocations.length > 0)) {
    const home = toPosixPath(path.resolve(options.userDirectory));
    let userWorkspace: Workspace | undefined;
    try {
      userWorkspace = readOnlyWorkspace(localWorkspace(home));
      if ((await userWorkspace.stat('.'))?.kind !== 'directory') throw new Error('not a directory');
    } catch (error) {
      userWorkspace = undefined;
      diagnostics.push({
        severity: 'warning',
        code: 'user-directory-unreadable',
        message: `User-level rules were not read: ${home} is not a readable directory (${describeError(error)}).`,
        path: home,
      });
    }
    if (userWorkspace !== undefined) {
      const source: RuleSource = {
        workspace: userWorkspace,
        level: 'user',
        base: projectRoot,
        baseLabel: toLabel(workspace, projectRoot),
        label: (absolute) => `~/${path.posix.relative(userWorkspace.root, absolute)}`,
      };
      for (const format of formats) {
        for (const location of format.userLocations) {
          const files = await findRuleFiles(
            userWorkspace,
            userWorkspace.root,
            location,
            diagnostics,
            source.label,
          );
          for (const file of files) await collector.add(source, file, format);
        }
      }
    }
  }
  // Step 2.
  for (const directory of walk.directories) {
    const source: RuleSource = {
      workspace,
      level: 'project',
      base: directory,
      baseLabel: toLabel(workspace, directory),
      label: (absolute) => toLabel(workspace, absolute),
    };
    for (const format of formats) {
      for (const location of format.locations) {
        const files = await findRuleFiles(workspace, directory, location, diagnostics, source.label);
        for (const file of files) await collector.add(source, file, format);
      }
    }
  }
  const folded = foldUnreadableDiagnostics(workspace, diagnostics);
  return {
    items: collector.items,
    diagnostics: capDiagnostics(folded),
    matcher: new RuleMatcher(collector.entries),
    skipped: folded.filter(isNotLoaded),
  };
}

/** The descriptors of the named formats, in `ruleFormats` order (all when `undefined`); throws `invalid-option` for an unknown name. */
export function selectFormats(names: readonly RuleFormatName[] | undefined): RuleFormat[] {
  if (names === undefined) return [...ruleFormats];
  for (const name of names) {
    if (!ruleFormatNames.includes(name)) {
      const message = `Unknown rule format "${String(name)}"; the formats are ${ruleFormatNames.join(', ')}.`;
      throw new AgentContextError(message, { code: 'invalid-option', reason: message });
    }
  }
  return ruleFormats.filter((format) => names.includes(format.name));
}
