import { describe, expect, it } from 'vitest';
import { decodeText } from './read-text-file.js';

const bytes = (...values: number[]) => new Uint8Array(values);
const utf8 = (text: string) => new TextEncoder().encode(text);

describe('decodeText', () => {
  it('replaces invalid UTF-8 with U+FFFD instead of failing', () => {
    expect(decodeText(new Uint8Array([...utf8('caf'), 0xe9, ...utf8(' instructions')])).text).toBe(
      'caf\uFFFD instructions',
    );
  });

  it('drops a BOM and keeps CRLF as written', () => {
    expect(decodeText(bytes(0xef, 0xbb, 0xbf, ...utf8('a\r\nb'))).text).toBe('a\r\nb');
  });

  it('calls a file with a NUL byte in its first 8 KiB binary, and not one with a NUL after it', () => {
    expect(decodeText(bytes(...utf8('PNG'), 0, 1))).toEqual({ text: '', binary: true });
    const late = new Uint8Array(9000).fill(0x61);
    late[8500] = 0;
    expect(decodeText(late).binary).toBe(false);
  });

  it('drops an incomplete character at the end of a truncated read instead of inventing U+FFFD', () => {
    const euro = utf8('\u20AC');
    const head = new Uint8Array([...utf8('price '), ...euro.subarray(0, 2)]);
    expect(decodeText(head, true).text).toBe('price ');
    expect(decodeText(head, false).text).toBe('price \uFFFD');
  });
});
