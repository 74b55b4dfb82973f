import type { ToolCall, TouchedPath } from '../../session/capability.js';

/** What a path extractor may return for one tool call. */
export type ExtractedPaths = string | TouchedPath | ReadonlyArray<string | TouchedPath> | undefined | null;

/** Reads the touched paths out of a host tool call. Strings are of unknown kind (one `stat` each). */
export type PathExtractor = (call: ToolCall) => ExtractedPaths;

/** How {@link traversalPaths} finds paths in a host tool call. */
export interface TraversalSettings {
  /** Tools whose `pathArg` argument names a touched path. */
  toolNames: readonly string[];
  pathArg: string;
  /** Among `toolNames`, the tools whose path is a directory (the rest name files). */
  directoryToolNames: readonly string[];
  /** Replaces `toolNames` + `pathArg` when given. */
  extract: PathExtractor | undefined;
}

/**
 * The paths a tool call touched according to its input. A missing or non-string path argument
 * gives nothing; so does a tool not in `toolNames`. A throwing extractor gives nothing (a broken
 * extractor must not fail the tool call whose result already exists).
 */
export function traversalPaths(call: ToolCall, settings: TraversalSettings): TouchedPath[] {
  if (settings.extract) {
    let extracted: ExtractedPaths;
    try {
      extracted = settings.extract(call);
    } catch {
      return [];
    }
    const list = Array.isArray(extracted) ? extracted : extracted == null ? [] : [extracted];
    return list.flatMap((item: string | TouchedPath) => {
      if (typeof item === 'string') return [{ path: item }];
      return typeof item?.path === 'string' ? [item] : [];
    });
  }
  if (!settings.toolNames.includes(call.toolName)) return [];
  const input = call.input;
  if (typeof input !== 'object' || input === null) return [];
  const value = (input as Record<string, unknown>)[settings.pathArg];
  if (typeof value !== 'string' || value === '') return [];
  return [{ path: value, kind: settings.directoryToolNames.includes(call.toolName) ? 'directory' : 'file' }];
}
