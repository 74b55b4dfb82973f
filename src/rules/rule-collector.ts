import type { DiagnosticCode } from '../diagnostic-codes.js';
import type { Diagnostic } from '../diagnostics.js';
import { describeError } from '../errors.js';
import { parseFrontmatter } from '../frontmatter/parse-frontmatter.js';
import { type CompiledGlob, compileGlob, isInvalidGlob } from '../shared/compile-glob.js';
import { sha256Of } from '../shared/sha256.js';
import { omittedBytes, truncationMarker } from '../text/cut-text.js';
import { readTextFile } from '../workspace/read-text-file.js';
import type { Workspace } from '../workspace/workspace.js';
import { expandFileReferences } from './file-references.js';
import type { RuleFile } from './find-rule-files.js';
import type { LoadedRule } from './rule.js';
import type { RuleFormat } from './rule-format.js';

/** Where a group of rule files comes from. */
export interface RuleSource {
  workspace: Workspace;
  level: 'project' | 'user';
  /** Absolute base directory of the rules' globs. */
  base: string;
  baseLabel: string;
  label: (absolutePath: string) => string;
}

/** A `files` rule with its globs compiled, as `RuleMatcher` takes it. */
export interface MatcherEntry {
  rule: LoadedRule;
  globs: readonly CompiledGlob[];
}

/** Bytes read from one rule file at most, unless told otherwise: 1 MiB. */
export const defaultMaxRuleFileBytes = 1024 * 1024;

/** Codes of diagnostics that mean a rule file was not loaded. */
const notLoaded = new Set([
  'invalid-glob',
  'unknown-rule-mode',
  'missing-description',
  'empty-rule',
  'duplicate',
  'binary-file',
  'read-failed',
  'unreadable-directory',
  'not-a-file',
  'symlink-refused',
  'invalid-frontmatter',
  'not-read-by-assistant',
  'excluded-agent',
  'invalid-configuration',
]);

/** True when the diagnostic means a rule file was not loaded (it is listed among the skipped files). */
export function isNotLoaded(diagnostic: Diagnostic): boolean {
  return notLoaded.has(diagnostic.code);
}

/**
 * Reads rule files onto the rule model, in the order they are added: each file's frontmatter read
 * leniently and mapped by its format; a body already collected (or given in `seen`) is skipped as a
 * `duplicate`, and so are an empty body, an unknown mode, a rule whose globs are all invalid, binary
 * and unreadable files. Never throws for a bad file: every problem is a diagnostic.
 */
export class RuleCollector {
  readonly items: LoadedRule[] = [];
  readonly diagnostics: Diagnostic[] = [];
  /** The `files` rules collected, with their compiled globs. */
  readonly entries: MatcherEntry[] = [];
  readonly #seen: Map<string, string>;
  readonly #maxFileBytes: number;

  /**
   * @param maxFileBytes Bytes read from one file at most; a bigger file keeps its head with a diagnostic.
   * @param seen Bodies already loaded elsewhere (sha-256 of the normalised body -> label); added to as
   *   rules are collected.
   */
  constructor(maxFileBytes: number, seen: Map<string, string> = new Map()) {
    this.#maxFileBytes = maxFileBytes;
    this.#seen = seen;
  }

  /** Read one file found through `format`'s location and keep it as a rule, or say why not. */
  async add(source: RuleSource, file: RuleFile, format: RuleFormat): Promise<void> {
    const outcome = await this.#read(source, file, format);
    if (outcome === undefined) return;
    const { rule, globs } = outcome;
    const duplicateOf = this.#seen.get(rule.sha256);
    if (duplicateOf !== undefined) {
      this.diagnostics.push({
        severity: 'info',
        code: 'duplicate',
        message: `Skipped ${rule.path}: the same rule body as ${duplicateOf}.`,
        path: rule.path,
      });
      return;
    }
    this.#seen.set(rule.sha256, rule.path);
    this.items.push(rule);
    if (rule.scope === 'files') this.entries.push({ rule, globs });
  }

  async #read(
    source: RuleSource,
    file: RuleFile,
    format: RuleFormat,
  ): Promise<{ rule: LoadedRule; globs: CompiledGlob[] } | undefined> {
    const { diagnostics } = this;
    const label = source.label(file.path);
    const skip = (code: DiagnosticCode, reason: string, severity: Diagnostic['severity'] = 'error') => {
      diagnostics.push({ severity, code, message: `Skipped ${label}: ${reason}.`, path: label });
      return undefined;
    };
    let text: string;
    /** The marker that ends a rule read only in part: the model sees the cut. */
    let cutMarker: string | undefined;
    try {
      const read = await readTextFile(source.workspace, file.path, { maxBytes: this.#maxFileBytes });
      if (read.binary) return skip('binary-file', 'binary file (NUL byte in the first 8 KiB)');
      if (read.truncated) {
        cutMarker = truncationMarker(label, omittedBytes(read.size, read.text));
        diagnostics.push({
          severity: 'warning',
          code: 'truncated',
          message: `${label} is ${read.size} bytes; only its first ${this.#maxFileBytes} bytes are read, and its body ends with a [truncated: ...] line. Raise maxFileBytes (CLI: --max-file-bytes) to read it whole.`,
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
          fileName: file.path.slice(file.path.lastIndexOf('/') + 1),
          ...(file.mode === undefined ? {} : { mode: file.mode }),
        });
    if ('skip' in reading) return skip(reading.code, reading.reason, reading.severity);
    const body = format.fileReferences
      ? await expandFileReferences(frontmatter.body, {
          workspace: source.workspace,
          base: source.base,
          label,
          labelOf: source.label,
          maxFileBytes: this.#maxFileBytes,
          diagnostics,
        })
      : frontmatter.body;
    const normalized = normalizeBody(body);
    if (normalized === '') return skip('empty-rule', 'the rule has no text after its frontmatter', 'warning');
    const rule: LoadedRule = {
      format: format.name,
      path: label,
      name: file.name,
      scope: reading.scope,
      body: cutMarker === undefined ? body : `${body}\n${cutMarker}`,
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
        const result = compileGlob(glob, { globsWithoutSlash: format.globsWithoutSlash ?? 'any-depth' });
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
}

/** The body compared for duplicates: LF line ends, no blank lines or spaces around it. */
function normalizeBody(body: string): string {
  return body.replace(/\r\n?/g, '\n').trim();
}
