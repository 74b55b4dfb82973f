import type { LoadResult } from '../diagnostics.js';
import type { CeilingReason } from '../project/walk-up-directories.js';
import type { RuleFormatName } from '../rules/rule.js';

/**
 * Why an instruction file was loaded: found walking up from the workspace, pulled in by `@path`, or
 * an `always` rule of one of the assistants' rule formats.
 */
export type InstructionReason = 'walk-up' | 'import' | 'rule';

/** What became of one `@path` token of an instruction file. */
export interface InstructionImport {
  /** The path as written after `@` (backslash-escaped spaces unescaped). */
  specifier: string;
  /** Absolute POSIX path it resolved to; absent when it could not be resolved (e.g. `@~/` not allowed). */
  path?: string;
  /** Label of {@link InstructionImport.path}. */
  label?: string;
  /**
   * `loaded`: the file follows its importer in the item list. `already-loaded`: the same file or the
   * same text was loaded earlier, so it is not repeated. `cycle`: the file is one of the importer's own
   * importers (the cycle is cut there). `failed`: the token was replaced by an
   * `<!-- import failed: PATH (REASON) -->` marker.
   */
  status: 'loaded' | 'already-loaded' | 'cycle' | 'failed';
  /** Why it failed or was not repeated. */
  reason?: string;
}

/** One loaded instruction file. */
export interface InstructionFile {
  /** Absolute POSIX path where it was found (before symlinks are resolved). */
  path: string;
  /** Absolute POSIX real path (symlinks resolved); the key of dedup by file. */
  realPath: string;
  /**
   * The path shown to the model: POSIX, relative to the workspace directory (`workspace.cwd`), with
   * `../` segments for ancestors inside the workspace root; absolute only outside the root.
   */
  label: string;
  /** Absolute POSIX path of the directory holding {@link InstructionFile.path}. */
  directory: string;
  reason: InstructionReason;
  /** For imports: the absolute path of the importing file. */
  importedBy?: string;
  /** Import hops from the walk-up file that started the chain: 0 for walk-up files, 1 for their imports... */
  importDepth: number;
  /** The decoded text, with each failed `@path` replaced by its visible marker. */
  text: string;
  /** `text.length` in UTF-16 code units (the unit of `maxChars`). */
  characters: number;
  /** Size of the file on disk in bytes. */
  size: number;
  /**
   * Hex sha-256 of the decoded text as read (before markers). Dedup by content keys on it together
   * with the files its imports resolve to (identical texts in two directories import different files).
   */
  sha256: string;
  /** Every `@path` token of the file, in text order, with what became of it. */
  imports: InstructionImport[];
  /** For `always` rules: the rule format and the rule's name. */
  rule?: { format: RuleFormatName; name: string };
}

/** Result of `discoverInstructions`: the files in precedence order, and what went wrong on the way. */
export interface InstructionDiscovery extends LoadResult<InstructionFile> {
  /** Absolute POSIX path of the workspace directory the walk started from (`workspace.cwd`). */
  directory: string;
  /** Absolute POSIX path of the highest directory searched. */
  ceiling: string;
  ceilingReason: CeilingReason;
  /** Every directory searched, ancestors first, the workspace directory last. */
  searched: string[];
}
