import { savedState } from '../session/saved-state.js';
import type { JsonValue } from '../session/session-snapshot.js';
import { absoluteOfStored, storedPathOf } from '../workspace/stored-path.js';
import type { RuleFormatName, RuleScope } from './rule.js';

/** A nested instruction file surfaced by a touch. */
export interface NestedFile {
  /** Absolute POSIX path. */
  path: string;
  /** POSIX path relative to the workspace cwd (nested files are always below it). */
  label: string;
  /** The file name, e.g. `AGENTS.md`. */
  name: string;
  /** Absolute POSIX path of the directory it governs. */
  directory: string;
  /** The body as the model sees it (`inject: 'contents'` only), cut at `maxChars` with a visible marker. */
  text?: string;
  /** What surfaced it, e.g. `read_file packages/app/src/main.ts (call_3)`. */
  trigger: string;
  /**
   * For a file pulled in by an `@path` import of a surfaced file (`inject: 'contents'` only): the
   * importer's label. It follows its importer and governs the importer's `directory`.
   */
  importedBy?: string;
  /**
   * Set when it is a rule of one of the assistants' formats rather than a directory's instruction
   * file: its format, scope, and the glob that matched (absent for a rule mentioned as `@name`).
   * `directory` is then the directory its globs are relative to, `base` its label. `description` is set for a
   * `described` rule found in a folder below the working directory: such a rule is named with its
   * description and path (the agent reads it when relevant), never inlined, whatever `inject`.
   */
  rule?: {
    format: RuleFormatName;
    scope: RuleScope;
    glob?: string;
    base?: string;
    description?: string;
    /** A delivered rule's own description (a `files` rule of Cursor's with `globs` and `description`), shown in its pointer. */
    purpose?: string;
  };
}

/** A surfaced file as a session snapshot keeps it: paths relative to the workspace root. */
export function saveNestedFile(file: NestedFile, root: string): JsonValue {
  const saved: { [key: string]: JsonValue } = {
    path: storedPathOf(root, file.path),
    label: file.label,
    name: file.name,
    directory: storedPathOf(root, file.directory),
    trigger: file.trigger,
  };
  if (file.text !== undefined) saved.text = file.text;
  if (file.importedBy !== undefined) saved.importedBy = file.importedBy;
  if (file.rule !== undefined) saved.rule = { ...file.rule };
  return saved;
}

/** The file {@link saveNestedFile} saved; throws naming the field that does not fit. */
export function restoreNestedFile(value: JsonValue, root: string, field: string): NestedFile {
  const saved = savedState.object(value, field);
  const text = (key: string) => savedState.string(saved[key], `${field}.${key}`);
  const file: NestedFile = {
    path: absoluteOfStored(root, text('path')),
    label: text('label'),
    name: text('name'),
    directory: absoluteOfStored(root, text('directory')),
    trigger: text('trigger'),
  };
  if (saved.text !== undefined) file.text = text('text');
  if (saved.importedBy !== undefined) file.importedBy = text('importedBy');
  if (saved.rule !== undefined) {
    const rule = savedState.object(saved.rule, `${field}.rule`);
    const ruleText = (key: string) => savedState.string(rule[key], `${field}.rule.${key}`);
    file.rule = { format: ruleText('format') as RuleFormatName, scope: ruleText('scope') as RuleScope };
    for (const key of ['glob', 'base', 'description', 'purpose'] as const) {
      if (rule[key] !== undefined) file.rule[key] = ruleText(key);
    }
  }
  return file;
}
