import path from 'node:path';
import type { Diagnostic, LoadResult } from '../diagnostics.js';
import { AgentContextError, describeError } from '../errors.js';
import { walkUpDirectories } from '../instructions/walk-up-directories.js';
import { parseFrontmatter } from '../inventory/parse-frontmatter.js';
import { sha256Of } from '../shared/sha256.js';
import { withCheckedDirectories } from '../workspace/checked-directories.js';
import { toLabel } from '../workspace/labels.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import { toPosixPath } from '../workspace/paths.js';
import { readOnlyWorkspace } from '../workspace/read-only-workspace.js';
import { readTextFile } from '../workspace/read-text-file.js';
import type { Workspace } from '../workspace/workspace.js';
import { type CompiledGlob, compileGlob, isInvalidGlob } from './compile-glob.js';
import { findRuleFiles, type RuleFile } from './find-rule-files.js';
import { ruleFormatNames, ruleFormats } from './formats/index.js';
import type { LoadedRule, RuleFormatName } from './rule.js';
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
  /** The highest directory searched; overrides `rootMarkers`. */
  stopAt?: string;
  /** Bytes read from one file at most; a bigger file keeps its head with a diagnostic. Default 1 MiB. */
  maxFileBytes?: number;
}

/** Result of {@link loadRules}. */
export interface RulesLoad extends LoadResult<LoadedRule> {
  /** The `files` rules, their globs compiled once, ready to match touched paths. */
  matcher: RuleMatcher;
  /** Every file not loaded as a rule, one diagnostic each (a subset of `diagnostics`). */
  skipped: Diagnostic[];
}

/** Codes of diagnostics that mean a rule file was not loaded. */
const notLoaded = new Set([
  'invalid-glob',
  'unknown-rule-mode',
  'missing-description',
  'empty-rule',
  'duplicate',
  'binary-file',
  'read-failed',
  'not-a-file',
  'symlink-refused',
  'invalid-frontmatter',
]);

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
  return withCheckedDirectories(() => loadOnce(options));
}

async function loadOnce(options: LoadRulesOptions): Promise<RulesLoad> {
  const formats = selectFormats(options.formats);
  const maxFileBytes = options.maxFileBytes ?? 1024 * 1024;
  const { workspace } = options;
  const items: LoadedRule[] = [];
  const diagnostics: Diagnostic[] = [];
  const matcherEntries: Array<{ rule: LoadedRule; globs: readonly CompiledGlob[] }> = [];
  const seen = new Map<string, string>();
  const walk = await walkUpDirectories(workspace, {
    stopAt: options.stopAt,
    rootMarkers: options.rootMarkers ?? ['.git'],
  });
  const projectRoot = walk.directories[0] ?? workspace.cwd;

  const take = async (source: Source, file: RuleFile, format: RuleFormat) => {
    const outcome = await readRule(source, file, format, maxFileBytes, diagnostics);
    if (outcome === undefined) return;
    const { rule, globs } = outcome;
    const duplicateOf = seen.get(rule.sha256);
    if (duplicateOf !== undefined) {
      diagnostics.push({
        severity: 'info',
        code: 'duplicate',
        message: `Skipped ${rule.path}: the same rule body as ${duplicateOf}.`,
        path: rule.path,
      });
      return;
    }
    seen.set(rule.sha256, rule.path);
    items.push(rule);
    if (rule.scope === 'files') matcherEntries.push({ rule, globs });
  };

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
      const source: Source = {
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
          for (const file of files) await take(source, file, format);
        }
      }
    }
  }
  // Step 2.
  for (const directory of walk.directories) {
    const source: Source = {
      workspace,
      level: 'project',
      base: directory,
      baseLabel: toLabel(workspace, directory),
      label: (absolute) => toLabel(workspace, absolute),
    };
    for (const format of formats) {
      for (const location of format.locations) {
        const files = await findRuleFiles(workspace, directory, location, diagnostics, source.label);
        for (const file of files) await take(source, file, format);
      }
    }
  }
  return {
    items,
    diagnostics,
    matcher: new RuleMatcher(matcherEntries),
    skipped: diagnostics.filter((diagnostic) => notLoaded.has(diagnostic.code)),
  };
}

/** Where a group of rule files comes from. */
interface Source {
  workspace: Workspace;
  level: 'project' | 'user';
  /** Absolute base directory of the rules' globs. */
  base: string;
  baseLabel: string;
  label: (absolutePath: string) => string;
}

async function readRule(
  source: Source,
  file: RuleFile,
  format: RuleFormat,
  maxFileBytes: number,
  diagnostics: Diagnostic[],
): Promise<{ rule: LoadedRule; globs: CompiledGlob[] } | undefined> {
  const label = source.label(file.path);
  const skip = (code: string, reason: string, severity: Diagnostic['severity'] = 'error') => {
    diagnostics.push({ severity, code, message: `Skipped ${label}: ${reason}.`, path: label });
    return undefined;
  };
  let text: string;
  try {
    const read = await readTextFile(source.workspace, file.path, { maxBytes: maxFileBytes });
    if (read.binary) return skip('binary-file', 'binary file (NUL byte in the first 8 KiB)');
    if (read.truncated) {
      diagnostics.push({
        severity: 'warning',
        code: 'truncated',
        message: `${label} is ${read.size} bytes; only its first ${maxFileBytes} bytes are read.`,
        path: label,
      });
    }
    text = read.text;
  } catch (error) {
    return skip('read-failed', describeError(error).replace(/\.+$/, ''));
  }
  const frontmatter = parseFrontmatter(text, label);
  if (frontmatter.status === 'unclosed') {
    return skip('invalid-frontmatter', 'its frontmatter has no closing `---` line');
  }
  diagnostics.push(...frontmatter.diagnostics);
  const reading = file.location.scope
    ? { scope: file.location.scope }
    : format.read({
        data: frontmatter.data,
        hasFrontmatter: frontmatter.status !== 'none',
        location: file.location,
      });
  if ('skip' in reading) return skip(reading.code, reading.reason);
  const body = frontmatter.body;
  const normalized = normalizeBody(body);
  if (normalized === '') return skip('empty-rule', 'the rule has no text after its frontmatter', 'warning');
  const rule: LoadedRule = {
    format: format.name,
    path: label,
    name: file.name,
    scope: reading.scope,
    body,
    base: source.baseLabel,
    level: source.level,
    absolutePath: file.path,
    baseDirectory: source.base,
    sha256: sha256Of(normalized),
  };
  if (reading.description !== undefined) rule.description = reading.description;
  const compiled: CompiledGlob[] = [];
  if (reading.scope === 'files') {
    const valid: string[] = [];
    const invalid: string[] = [];
    for (const glob of reading.globs ?? []) {
      const result = compileGlob(glob);
      if (isInvalidGlob(result)) {
        invalid.push(`\`${glob}\` (${result.reason})`);
      } else {
        compiled.push(result);
        valid.push(glob);
      }
    }
    if (valid.length === 0) {
      const which =
        invalid.length === 1 ? `its glob ${invalid[0]} is` : `its globs ${invalid.join(', ')} are`;
      return skip(
        'invalid-glob',
        `${which} invalid, so it applies to no file (it is never applied to every file)`,
      );
    }
    if (invalid.length > 0) {
      diagnostics.push({
        severity: 'warning',
        code: 'glob-ignored',
        message: `${label}: ignored the invalid ${invalid.length === 1 ? 'glob' : 'globs'} ${invalid.join(', ')}; the others apply.`,
        path: label,
      });
    }
    rule.globs = valid;
  }
  return { rule, globs: compiled };
}

/** The body compared for duplicates: LF line ends, no blank lines or spaces around it. */
function normalizeBody(body: string): string {
  return body.replace(/\r\n?/g, '\n').trim();
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
