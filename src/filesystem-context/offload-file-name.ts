/**
 * Names of offloaded result files: `<tool>-<callId>.txt`, and `<tool>-<callId>.<n>.txt` (n = 2, 3, ...)
 * when that name is already taken by another call's file.
 *
 * Characters outside `[A-Za-z0-9_]` in the tool name and outside `[A-Za-z0-9_-]` in the call id become
 * `_` (the tool part drops `-` too, so the first `-` always separates tool and call id and the name can
 * be read back by {@link parseOffloadFileName}). Each part is capped (64 and 128 characters) to stay far
 * below file-name limits. Two ids that sanitise to the same name are told apart by the numeric suffix.
 */
export function offloadFileName(toolName: string, callId: string, attempt = 1): string {
  const tool = sanitize(toolName, /[^A-Za-z0-9_]/g, maxToolChars);
  const id = sanitize(callId, /[^A-Za-z0-9_-]/g, maxCallIdChars);
  return attempt <= 1 ? `${tool}-${id}.txt` : `${tool}-${id}.${attempt}.txt`;
}

/** The parts of an offloaded file name, as sanitised by {@link offloadFileName}. */
export interface OffloadFileNameParts {
  toolName: string;
  callId: string;
  /** 1 for the plain name, n for the `.n.txt` suffix. */
  attempt: number;
}

/** Read an offloaded file name back; `undefined` for any other file name (never an offloaded result). */
export function parseOffloadFileName(name: string): OffloadFileNameParts | undefined {
  const match = /^([A-Za-z0-9_]+)-([A-Za-z0-9_-]+)(?:\.([1-9][0-9]*))?\.txt$/.exec(name);
  if (!match) return undefined;
  const [, toolName = '', callId = '', attempt] = match;
  return { toolName, callId, attempt: attempt === undefined ? 1 : Number(attempt) };
}

const maxToolChars = 64;
const maxCallIdChars = 128;

function sanitize(value: string, unsafe: RegExp, maxChars: number): string {
  const safe = value.slice(0, maxChars).replace(unsafe, '_');
  return safe === '' ? '_' : safe;
}
