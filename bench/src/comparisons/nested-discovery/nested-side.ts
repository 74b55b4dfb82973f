import type { TouchEvent } from '../../generator/touch-events.js';

/** One loader session of a nested-discovery side: fresh state, fed one touch at a time. */
export interface NestedLoader {
  /** Untimed work the host does before the touch is handled (e.g. appending the tool call to history). */
  prepare?(absolutePath: string, event: TouchEvent): void;
  /**
   * Handle one touch of an absolute path (a file read or a directory listing) and resolve to the
   * instruction files the side surfaced for it, as absolute paths.
   */
  touch(absolutePath: string, event: TouchEvent): Promise<string[]>;
  /** Calls on agent-context's workspace layer since the loader was created, for sides that have one. */
  workspaceCalls?(): number;
}

/** A system under comparison for nested instruction discovery. */
export interface NestedSide {
  name: string;
  /** The public API the side calls, in words, for the report. */
  calls: string;
  /**
   * Create a fresh session for the repository at `root`. Session-start work (the root's own
   * instruction files, loaded by every system at start) happens here and is not timed.
   */
  create(root: string): Promise<NestedLoader>;
  /**
   * Bring a fresh loader to a steady state before the timed replay, untimed: e.g. fill a
   * conversation history with earlier tool calls. The replay then starts after these events and its
   * answers are not checked against the truth (the loader did not start from an empty session).
   */
  warmUp?(loader: NestedLoader, root: string, events: readonly TouchEvent[]): Promise<void>;
}
