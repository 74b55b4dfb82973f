import { describeError } from '../../errors.js';
import { sha256Of } from '../../shared/sha256.js';
import { headCutEnd, omittedBytes, truncationMarker } from '../../text/cut-text.js';
import { readTextFile } from '../../workspace/read-text-file.js';
import type { Workspace } from '../../workspace/workspace.js';

/** The text of a nested file as the model sees it, or why it cannot be shown. */
export type NestedText =
  | { ok: true; text: string; hash: string; note: string | undefined }
  | { ok: false; code: 'binary-file' | 'read-failed'; message: string };

/**
 * Read one surfaced file: at most `maxChars` characters (never splitting a surrogate pair), then a
 * visible `[truncated: ...]` note (also returned alone, for the `cut` event). `hash` identifies the
 * whole text, so two files are duplicates only when they are equal, not merely when their heads are.
 * Never throws: binary and unreadable files come back as a reason.
 */
export async function readNestedText(
  workspace: Workspace,
  absolute: string,
  label: string,
  maxChars: number,
): Promise<NestedText> {
  try {
    // Three bytes per UTF-16 code unit at most, so this read always holds maxChars characters.
    const read = await readTextFile(workspace, absolute, { maxBytes: maxChars * 3 + 4 });
    if (read.binary) {
      return {
        ok: false,
        code: 'binary-file',
        message: `${label} is binary (a NUL byte in its first 8 KiB); skipped.`,
      };
    }
    const hash = sha256Of(read.truncated ? `${read.size}\0${read.text}` : read.text);
    return { ok: true, hash, ...cutNestedText(read, label, maxChars) };
  } catch (error) {
    return { ok: false, code: 'read-failed', message: `${label} could not be read: ${describeError(error)}` };
  }
}

/**
 * A nested file's text cut to `maxChars` characters (never splitting a surrogate pair) with a
 * visible `[truncated: ...]` note, or whole. `truncated` says the read itself stopped before the end
 * of the file (`size` bytes).
 */
export function cutNestedText(
  read: { text: string; size: number; truncated: boolean },
  label: string,
  maxChars: number,
): { text: string; note: string | undefined } {
  if (read.text.length <= maxChars && !read.truncated) return { text: read.text, note: undefined };
  const end = headCutEnd(read.text, maxChars);
  const head = read.text.slice(0, end);
  const note = truncationMarker(
    label,
    read.truncated ? omittedBytes(read.size, head) : { characters: read.text.length - end },
  );
  return { text: `${head}\n${note}`, note };
}
