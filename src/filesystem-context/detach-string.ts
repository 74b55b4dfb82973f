/**
 * A copy of `text` that shares no memory with any other string.
 *
 * V8 represents `slice` results and concatenations as views onto their source (sliced and cons
 * strings), so a 1,000-character preview built from a 50 MB result would keep the whole result alive
 * for as long as the transcript holds the preview. A round trip through UTF-16 bytes forces a fresh
 * flat string and keeps every code unit, lone surrogates included.
 */
export function detachString(text: string): string {
  return Buffer.from(text, 'utf16le').toString('utf16le');
}
