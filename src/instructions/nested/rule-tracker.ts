import type { RulesLoad } from '../../rules/load-rules.js';
import type { LoadedRule } from '../../rules/rule.js';
import type { ContextEvent, TouchedPath } from '../../session/capability.js';
import { isInside } from '../../workspace/paths.js';
import type { Workspace } from '../../workspace/workspace.js';
import type { NestedFile } from './nested-file.js';

/**
 * Per-session memory of the rules delivered on touch (`files` rules) and on `@name` (the others but
 * `always`), next to the nested instruction files. Each rule is delivered once per session. The rules
 * themselves are the latest run's (`use`), so an edit on disk applies from the next run.
 *
 * Cost of a touch: no file-system call; one match against the rules not delivered yet whose base
 * and glob prefix can reach the file's directory (see `RuleMatcher`).
 */
export class RuleTracker {
  #rules: RulesLoad | undefined;
  readonly #delivered = new Set<string>();
  /** The rules of the current run already delivered (the same rules as `#delivered`, by object). */
  readonly #deliveredRules = new Set<LoadedRule>();
  readonly #workspace: Workspace;
  readonly #surfaced: NestedFile[];
  readonly #settings: { capability: string; inject: 'pointer' | 'contents'; maxChars: number };
  readonly #emit: (event: ContextEvent) => void;

  constructor(
    workspace: Workspace,
    surfaced: NestedFile[],
    settings: { capability: string; inject: 'pointer' | 'contents'; maxChars: number },
    emit: (event: ContextEvent) => void,
  ) {
    this.#workspace = workspace;
    this.#surfaced = surfaced;
    this.#settings = settings;
    this.#emit = emit;
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
    if (matcher === undefined || matcher.size === 0 || touch.kind === 'directory') return [];
    const absolute = this.#resolve(touch.path);
    if (absolute === undefined) return [];
    const files: NestedFile[] = [];
    for (const { rule, glob } of matcher.match(absolute, this.#deliveredRules)) {
      const file = this.#deliver(rule, `${trigger()} matched ${glob}`, glob);
      if (file) files.push(file);
    }
    return files;
  }

  /** The rules named by `@name` mentions (by name or path; `always` rules are already in the instructions). */
  mention(names: readonly string[], trigger: (name: string) => string): NestedFile[] {
    const rules = this.#rules?.items ?? [];
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

  #deliver(rule: LoadedRule, trigger: string, glob: string | undefined): NestedFile | undefined {
    const key = keyOf(rule);
    if (this.#delivered.has(key)) return undefined;
    this.#delivered.add(key);
    this.#deliveredRules.add(rule);
    const file: NestedFile = {
      path: rule.absolutePath,
      label: rule.path,
      name: rule.name,
      directory: rule.baseDirectory,
      trigger,
      rule: { format: rule.format, scope: rule.scope, ...(glob === undefined ? {} : { glob }) },
    };
    if (this.#settings.inject === 'contents') file.text = cut(rule.body, rule.path, this.#settings.maxChars);
    this.#surfaced.push(file);
    const how = glob === undefined ? `on ${trigger}` : `after ${trigger}`;
    this.#emit({
      type: 'loaded',
      reason: 'rule',
      capability: this.#settings.capability,
      path: rule.path,
      trigger,
      message: `Loaded ${rule.path} (${rule.format} rule, ${rule.scope}), ${how}.`,
    });
    return file;
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

/** What identifies a rule across runs: the same file with the same body. */
function keyOf(rule: LoadedRule): string {
  return `${rule.path}\0${rule.sha256}`;
}

const slash = '/'.charCodeAt(0);

/** A relative path with nothing to normalise (no `.`/`..`/empty segment, backslash or NUL). */
const plainRelative = /^(?!\/)(?!.*(?:^|\/)\.\.?(?:\/|$))(?!.*\/\/)(?!.*\/$)[^\\\0]+$/;

function cut(body: string, label: string, maxChars: number): string {
  if (body.length <= maxChars) return body;
  let end = maxChars;
  const last = body.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${body.slice(0, end)}\n[truncated: ${body.length - end} characters of ${label} omitted]`;
}
