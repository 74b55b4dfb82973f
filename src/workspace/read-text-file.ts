import type { Workspace } from './workspace.js';

/** Bytes inspected for a NUL byte to call a file binary (the same window git uses). */
export const binaryProbeBytes = 8 * 1024;

/** Result of {@link decodeText}. */
export interface DecodedText {
  /** The decoded text; empty for binary input. */
  text: string;
  /** True when a NUL byte appeared in the first 8 KiB: the file is not text and was not decoded. */
  binary: boolean;
}

/**
 * Decode bytes as UTF-8 the one way agent-context does everywhere: invalid bytes become U+FFFD, a
 * leading BOM is dropped, CRLF is kept as written. A NUL byte in the first 8 KiB marks the input as
 * binary (and nothing is decoded).
 *
 * @param truncated true when the bytes are the head of a longer file: an incomplete multi-byte
 *   character at the very end is then dropped instead of becoming U+FFFD.
 */
export function decodeText(bytes: Uint8Array, truncated = false): DecodedText {
  // A short input is probed whole, without a view over it (one object less per small file).
  const probe = bytes.byteLength <= binaryProbeBytes ? bytes : bytes.subarray(0, binaryProbeBytes);
  if (probe.includes(0)) return { text: '', binary: true };
  // A whole input leaves the shared decoder without state; a cut one needs its own (it keeps the
  // incomplete last character).
  const decoder = truncated ? new TextDecoder('utf-8') : wholeDecoder;
  return { text: decoder.decode(bytes, { stream: truncated }), binary: false };
}

const wholeDecoder = new TextDecoder('utf-8');

/** Result of {@link readTextFile}. */
export interface TextFile {
  text: string;
  /** True when `maxBytes` cut the read: `text` is the head of the file. */
  truncated: boolean;
  /** Size of the whole file in bytes. */
  size: number;
  /** True when the file is binary; `text` is then empty. Callers skip it with a diagnostic. */
  binary: boolean;
}

/**
 * Read a regular file of a workspace as text (see {@link decodeText}). Throws what the workspace
 * throws (missing, refused, not a regular file); never throws for size when `maxBytes` is given.
 */
export async function readTextFile(
  workspace: Workspace,
  path: string,
  options: { maxBytes?: number } = {},
): Promise<TextFile> {
  const { bytes, size, truncated } = await workspace.readFile(path, options);
  const { text, binary } = decodeText(bytes, truncated);
  return { text, truncated, size, binary };
}
