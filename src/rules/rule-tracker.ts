import type { ContextEvent, TouchedPath } from '../session/capability.js';
import { savedState } from '../session/saved-state.js';
import type { JsonValue } from '../session/session-snapshot.js';
import { type CompiledGlob, compileGlob, isInvalidGlob } from '../shared/compile-glob.js';
import { headCutEnd, truncationMarker } from '../text/cut-text.js';
import { withCheckedDirectories } from '../workspace/checked-directories.js';
import { isInside } from '../workspace/paths.js';
import { absoluteOfStored, storedPathOf } from '../workspace/stored-path.js';
import type { Workspace } from '../workspace/workspace.js';
import { ruleFormats } from './formats/index.js';
import { loadNestedRules, type NestedRuleLocation } from './load-nested-rules.js';
import type { RulesLoad } from './load-rules.js';
import type { NestedFile } from './nested-file.js';
import type { LoadedRule, RuleFormatName, RuleScope } from './rule.js';
import { isNotLoaded } from './rule-collector.js';
import { RuleMatcher } from './rule-matcher.js';
import { ruleDiagnosticEvent } from './rules-of-run.js';

/**
 * Per-session memory of the rules delivered on touch (`files` rules) and on `@name` (the others but
 * `always`), next to the nested instruction files. Each rule is delivered once per session. The rules
 * found from the project root down to the working directory are the latest run's (`use`), so an edit
 * on disk applies from the next run.
 *
 * Nested rules: the rule folders a format also reads in subfolders (`.cursor/rules`, ...) are looked
 * for in each directory below the working directory when it is first touched (`discover`), once per
 * session, never again; the rules found stay for the rest of the session, across runs, with that
 * directory as their base.
 *
 * Cost of a touch: no file-system call; one match against the rules not delivered yet whose base
 * and glob prefix can reach the file's directory (see `RuleMatcher`). Cost of a new directory: one
 * `stat` per nested location, plus the reads of the rule files found there.
 */
export class RuleTracker {
  #rules: RulesLoad | undefined;
  readonly #delivered = new Set<string>();
  /** The rules of the current run already delivered (the same rules as `#delivered`, by object). */
  readonly #deliveredRules = new Set<LoadedRule>();
  /** The rules found in folders below the working directory, in the order found. */
  readonly #nestedRules = new Set<LoadedRule>();
  /** Their `files` rules. */
  readonly #nested = new RuleMatcher();
  /** The nested rules already delivered (a set that only grows, as `RuleMatcher.match` wants). */
  readonly #deliveredNested = new Set<LoadedRule>();
  readonly #locations: readonly NestedRuleLocation[];
  /** The discoveries under way (parallel touches of new directories). */
  readonly #discovering = new Set<Promise<unknown>>();
  readonly #workspace: Workspace;
  readonly #surfaced: NestedFile[];
  readonly #settings: { capability: string; inject: 'pointer' | 'contents'; maxChars: number };
  readonly #emit: (event: ContextEvent) => void;

  constructor(
    workspace: Workspace,
    surfaced: NestedFile[],
    settings: { capability: string; inject: 'pointer' | 'contents'; maxChars: number },
    emit: (event: ContextEvent) => void,
    locations: readonly NestedRuleLocation[] = [],
  ) {
    this.#workspace = workspace;
    this.#surfaced = surfaced;
    this.#settings = settings;
    this.#emit = emit;
    this.#locations = locations;
  }

  /**
   * What the tracker knows, as data for a session snapshot: the rules delivered (by path and body
   * hash) and the rules found in folders below the working directory, with those delivered; paths
   * relative to the workspace root. The run's own rules are not kept: every run reads them anew.
   */
  save(): JsonValue {
    const { root } = this.#workspace;
    const nested = [...this.#nestedRules];
    return {
      delivered: [...this.#delivered],
      nestedRules: nested.map((rule) => saveRule(rule, root)),
      deliveredNested: nested.flatMap((rule, index) => (this.#deliveredNested.has(rule) ? [index] : [])),
    };
  }

  /** Continue from {@link save}'s data (a new tracker only); throws naming a field that does not fit. */
  restore(value: JsonValue): void {
    const { root } = this.#workspace;
    const saved = savedState.object(value, 'rules');
    const delivered = savedState.strings(saved.delivered, 'delivered');
    const rules = savedState
      .array(saved.nestedRules, 'nestedRules')
      .map((rule, index) => restoreRule(rule, root, `nestedRules[${index}]`));
    const deliveredNested = savedState.array(saved.deliveredNested, 'deliveredNested').map((index) => {
      const rule = typeof index === 'number' ? rules[index] : undefined;
      if (rule === undefined) throw new Error('deliveredNested names a rule that is not saved');
      return rule;
    });
    for (const key of delivered) this.#delivered.add(key);
    for (const rule of rules) this.#nestedRules.add(rule);
    this.#nested.add(
      rules.flatMap((rule) => (rule.scope === 'files' ? [{ rule, globs: compiledGlobs(rule) }] : [])),
    );
    for (const rule of deliveredNested) this.#deliveredNested.add(rule);
  }

  /** Take the rules of a new run. */
  use(rules: RulesLoad): void {
    this.#rules = rules;
    this.#deliveredRules.clear();
    for (const rule of rules.items) if (this.#delivered.has(keyOf(rule))) this.#deliveredRules.add(rule);
  }

  /**
   * The `files` rules a touch matches that were not delivered yet, now marked as delivered.
   * `trigger` names the touch in events; it is only called when a rule is delivered.
   */
  touch(touch: TouchedPath, trigger: () => string): NestedFile[] {
    const matcher = this.#rules?.matcher;
    const runRules = matcher !== undefined && matcher.size > 0;
    if ((!runRules && this.#nested.size === 0) || touch.kind === 'directory') return [];
    const absolute = this.#resolve(touch.path);
    if (absolute === undefined) return [];
    const files: NestedFile[] = [];
    const matches = runRules ? matcher.match(absolute, this.#deliveredRules) : [];
    if (this.#nested.size > 0) matches.push(...this.#nested.match(absolute, this.#deliveredNested));
    for (const { rule, glob } of matches) {
      const file = this.#deliver(rule, `${trigger()} matched ${glob}`, glob);
      if (file) files.push(file);
    }
    return files;
  }

  /** Number of `files` rules found in folders below the working directory so far (it only grows). */
  get nestedFilesRules(): number {
    return this.#nested.size;
  }

  /**
   * Settles when every discovery under way has settled; `undefined` when none is (the common case),
   * so a touch that claimed nothing can wait for the folder another touch is reading.
   */
  discoveries(): Promise<unknown> | undefined {
    return this.#discovering.size === 0 ? undefined : Promise.allSettled([...this.#discovering]);
  }

  /**
   * Look for the nested rule folders of directories just claimed (below the working directory,
   * outermost first): one `stat` per location per directory. What is found stays for the session:
   * its `always` rules are delivered now (they apply to everything in their directory), its
   * `described` rules are named now with their description and path (the run's catalog must not
   * change), its `files` rules join the matching (`nestedFilesRules` grows: match the touches again), its
   * `manual` rules answer `@name`. A body already loaded is a duplicate; bad files are `skipped` events.
   */
  async discover(
    directories: readonly string[],
    trigger: string,
    reading: Workspace = this.#workspace,
  ): Promise<{ files: NestedFile[] }> {
    const files: NestedFile[] = [];
    if (this.#locations.length === 0 || directories.length === 0) return { files };
    const discovery = this.#discover(directories, trigger, files, reading);
    this.#discovering.add(discovery);
    try {
      await discovery;
    } finally {
      this.#discovering.delete(discovery);
    }
    return { files };
  }

  /**
   * Count `work` among the discoveries under way until it settles: a touch that claimed nothing
   * waits for it (the capability registers a touch's whole check, listing included, at once).
   */
  track(work: Promise<unknown>): void {
    this.#discovering.add(work);
    void work.then(
      () => this.#discovering.delete(work),
      () => this.#discovering.delete(work),
    );
  }

  /** The nested rule locations looked for in every new directory (`.cursor/rules`, ...). */
  get locations(): readonly NestedRuleLocation[] {
    return this.#locations;
  }

  #discover(directories: readonly string[], trigger: string, files: NestedFile[], reading: Workspace) {
    return withCheckedDirectories(async () => {
      for (const directory of directories) {
        const load = await loadNestedRules({
          workspace: reading,
          directory,
          locations: this.#locations,
          seen: () => this.#seenBodies(),
        });
        for (const diagnostic of load.diagnostics) {
          this.#emit(
            ruleDiagnosticEvent(diagnostic, isNotLoaded(diagnostic), this.#settings.capability, trigger),
          );
        }
        for (const rule of load.items) this.#nestedRules.add(rule);
        this.#nested.add(load.entries);
        for (const rule of load.items) {
          const file =
            rule.scope === 'always'
              ? this.#deliver(rule, trigger, undefined, 'after')
              : rule.scope === 'described'
                ? this.#name(rule, trigger)
                : undefined;
          if (file) files.push(file);
        }
      }
    });
  }

  /** The rules named by `@name` mentions (by name or path; `always` rules are already in the instructions). */
  mention(names: readonly string[], trigger: (name: string) => string): NestedFile[] {
    const rules = [...(this.#rules?.items ?? []), ...this.#nestedRules];
    const files: NestedFile[] = [];
    for (const name of names) {
      for (const rule of rules) {
        if (rule.scope === 'always' || (rule.name !== name && rule.path !== name)) continue;
        const file = this.#deliver(rule, trigger(name), undefined);
        if (file) files.push(file);
      }
    }
    return files;
  }

  #deliver(
    rule: LoadedRule,
    trigger: string,
    glob: string | undefined,
    when: 'after' | 'on' = glob === undefined ? 'on' : 'after',
  ): NestedFile | undefined {
    const key = keyOf(rule);
    if (this.#delivered.has(key)) return undefined;
    this.#delivered.add(key);
    (this.#nestedRules.has(rule) ? this.#deliveredNested : this.#deliveredRules).add(rule);
    const file = nestedFileOf(rule, trigger, {
      ...(glob === undefined ? {} : { glob }),
      ...(rule.description === undefined ? {} : { purpose: rule.description }),
    });
    if (this.#settings.inject === 'contents') file.text = cut(rule.body, rule.path, this.#settings.maxChars);
    this.#surfaced.push(file);
    const folder = this.#nestedRules.has(rule) ? `, for ${rule.base}` : '';
    this.#emit({
      type: 'loaded',
      reason: 'rule',
      capability: this.#settings.capability,
      path: rule.path,
      trigger,
      message: `Loaded ${rule.path} (${rule.format} rule, ${rule.scope}${folder}), ${when} ${trigger}.`,
    });
    return file;
  }

  /** A `described` rule of a folder below the working directory, named with its description, not inlined. */
  #name(rule: LoadedRule, trigger: string): NestedFile {
    const file = nestedFileOf(rule, trigger, { description: rule.description ?? rule.name });
    this.#surfaced.push(file);
    this.#emit({
      type: 'surfaced',
      reason: 'rule',
      capability: this.#settings.capability,
      path: rule.path,
      trigger,
      message: `Named ${rule.path} (${rule.format} rule, described, for ${rule.base}) with its description, after ${trigger}.`,
    });
    return file;
  }

  /** The bodies of every rule known to the session (the run's and the nested ones), for the duplicate check. */
  #seenBodies(): Map<string, string> {
    const seen = new Map<string, string>();
    for (const rule of this.#rules?.items ?? []) if (!seen.has(rule.sha256)) seen.set(rule.sha256, rule.path);
    for (const rule of this.#nestedRules) if (!seen.has(rule.sha256)) seen.set(rule.sha256, rule.path);
    return seen;
  }

  /** The absolute path of a touch inside the workspace root, lexically; `undefined` outside it. */
  #resolve(requested: string): string | undefined {
    const { cwd, root } = this.#workspace;
    if (!requested.startsWith('/')) {
      if (plainRelative.test(requested)) return cwd === '/' ? `/${requested}` : `${cwd}/${requested}`;
    } else if (
      requested.startsWith(root) &&
      requested.charCodeAt(root.length) === slash &&
      plainRelative.test(requested.slice(root.length + 1))
    ) {
      return requested;
    }
    try {
      const absolute = this.#workspace.resolve(requested);
      return isInside(root, absolute) ? absolute : undefined;
    } catch {
      return undefined;
    }
  }
}

/** The entry of a rule among the surfaced files, its text left to the caller. */
function nestedFileOf(
  rule: LoadedRule,
  trigger: string,
  detail: { glob?: string; description?: string; purpose?: string },
): NestedFile {
  return {
    path: rule.absolutePath,
    label: rule.path,
    name: rule.name,
    directory: rule.baseDirectory,
    trigger,
    rule: { format: rule.format, scope: rule.scope, ...detail, base: rule.base },
  };
}

/** What identifies a rule across runs: the same file with the same body. */
function keyOf(rule: LoadedRule): string {
  return `${rule.path}\0${rule.sha256}`;
}

const slash = '/'.charCodeAt(0);

/** A relative path with nothing to normalise (no `.`/`..`/empty segment, backslash or NUL). */
const plainRelative = /^(?!\/)(?!.*(?:^|\/)\.\.?(?:\/|$))(?!.*\/\/)(?!.*\/$)[^\\\0]+$/;

function cut(body: string, label: string, maxChars: number): string {
  if (body.length <= maxChars) return body;
  const end = headCutEnd(body, maxChars);
  return `${body.slice(0, end)}\n${truncationMarker(label, { characters: body.length - end })}`;
}

function saveRule(rule: LoadedRule, root: string): JsonValue {
  const saved: { [key: string]: JsonValue } = {
    format: rule.format,
    path: rule.path,
    name: rule.name,
    scope: rule.scope,
    body: rule.body,
    base: rule.base,
    level: rule.level,
    absolutePath: storedPathOf(root, rule.absolutePath),
    baseDirectory: storedPathOf(root, rule.baseDirectory),
    sha256: rule.sha256,
  };
  if (rule.globs !== undefined) saved.globs = [...rule.globs];
  if (rule.description !== undefined) saved.description = rule.description;
  return saved;
}

function restoreRule(value: JsonValue, root: string, field: string): LoadedRule {
  const saved = savedState.object(value, field);
  const text = (key: string) => savedState.string(saved[key], `${field}.${key}`);
  const format = text('format') as RuleFormatName;
  if (!ruleFormats.some((known) => known.name === format)) throw new Error(`${field}.format is unknown`);
  const rule: LoadedRule = {
    format,
    path: text('path'),
    name: text('name'),
    scope: text('scope') as RuleScope,
    body: text('body'),
    base: text('base'),
    level: text('level') === 'user' ? 'user' : 'project',
    absolutePath: absoluteOfStored(root, text('absolutePath')),
    baseDirectory: absoluteOfStored(root, text('baseDirectory')),
    sha256: text('sha256'),
  };
  if (saved.globs !== undefined) rule.globs = savedState.strings(saved.globs, `${field}.globs`);
  if (saved.description !== undefined) rule.description = text('description');
  return rule;
}

/** The globs of a restored `files` rule, compiled as its format compiles them when it is read. */
function compiledGlobs(rule: LoadedRule): CompiledGlob[] {
  const format = ruleFormats.find((known) => known.name === rule.format);
  const compiled: CompiledGlob[] = [];
  for (const glob of rule.globs ?? []) {
    const result = compileGlob(glob, { globsWithoutSlash: format?.globsWithoutSlash ?? 'any-depth' });
    if (!isInvalidGlob(result)) compiled.push(result);
  }
  return compiled;
}
