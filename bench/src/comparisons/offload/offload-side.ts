import type { ScriptedToolResult } from '../../generator/tool-session.js';

/** What a side made of one tool result. */
export interface OffloadOutcome {
  /** The text the transcript holds for this call. */
  transcriptText: string;
  /**
   * Where the side says the whole result is, as an absolute path, when it moved the result out of
   * the transcript; `undefined` when the result stayed inline.
   */
  savedTo: string | undefined;
}

/** One session of an offload side, in a fresh directory. */
export interface OffloadSession {
  /** Handle one successful tool result. Timed. */
  handle(call: ScriptedToolResult): Promise<OffloadOutcome>;
}

/** A system under comparison for large-result offload. */
export interface OffloadSide {
  name: string;
  /** Results longer than this many characters are offloaded. */
  thresholdChars: number;
  /** The public API the side calls, for the report. */
  calls: string;
  /** Start a session whose files go below `root` (an empty directory). Untimed. */
  create(root: string): Promise<OffloadSession>;
}
