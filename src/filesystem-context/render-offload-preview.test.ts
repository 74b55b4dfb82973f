import { describe, expect, it } from 'vitest';
import { renderOffloadPreview } from './render-offload-preview.js';

const label = '.context/bash-call_1.txt';

/** Lines `line 1` ... `line N`, each ending with a newline. */
function numberedLines(count: number): string {
  return Array.from({ length: count }, (_, index) => `line ${index + 1}\n`).join('');
}

describe('renderOffloadPreview', () => {
  it('shows the head and the tail with the omitted count between them', () => {
    const text = `${'a'.repeat(600)}${'b'.repeat(10_000)}${'c'.repeat(400)}`;
    const preview = renderOffloadPreview({ text, label, previewChars: 1_000 });
    const lines = preview.split('\n');
    expect(lines[1]).toBe('a'.repeat(500));
    expect(lines[2]).toBe('[... 10000 characters omitted: lines 1-1 of the file ...]');
    expect(lines[3]).toBe(`${'b'.repeat(100)}${'c'.repeat(400)}`);
    expect(preview).toContain(`saved whole to ${label} (11000 characters, 1 line)`);
  });

  it("names the read tool given, e.g. pi's read", () => {
    const text = numberedLines(1_000);
    expect(renderOffloadPreview({ text, label, previewChars: 400 })).toContain('call read_file with path');
    expect(renderOffloadPreview({ text, label, previewChars: 400, readToolName: 'read' })).toContain(
      `call read with path "${label}"`,
    );
  });

  it('gives a read_file line range that covers exactly the lines the preview left out', () => {
    const texts = [
      numberedLines(1_000),
      `${numberedLines(40)}\n\n${'z'.repeat(9_000)}\n${numberedLines(3)}`,
      'q'.repeat(5_000),
      `${'long line '.repeat(30)}\n`.repeat(50),
    ];
    for (const text of texts) {
      const preview = renderOffloadPreview({ text, label, previewChars: 100 });
      const [, headLength = 0, tailLength = 0] = /the first (\d+) and the last (\d+) characters/
        .exec(preview)!
        .map(Number);
      const [, offset = 0, limit = 0] = /offset (\d+) and limit (\d+)/.exec(preview)!.map(Number);
      expect(headLength + tailLength).toBeLessThanOrEqual(100);
      const head = text.slice(0, headLength);
      const omitted = text.slice(headLength, text.length - tailLength);
      const tail = text.slice(text.length - tailLength);
      expect(preview).toContain(
        `${head}${head.endsWith('\n') ? '' : '\n'}[... ${omitted.length} characters omitted`,
      );
      expect(preview).toContain(`of the file ...]\n${tail}`);
      expect(preview).toContain(`lines ${offset}-${offset + limit - 1} of the file`);
      // Lines before `offset` are all in the head, lines after the range all in the tail.
      const lines = text.split('\n');
      expect(head.startsWith(lines.slice(0, offset - 1).join('\n'))).toBe(true);
      expect(lines.slice(offset - 1, offset - 1 + limit).join('\n')).toContain(
        omitted.replace(/^\n|\n$/g, ''),
      );
      expect(tail.endsWith(lines.slice(offset - 1 + limit).join('\n'))).toBe(true);
    }
  });

  it('moves a cut to a nearby line boundary so the preview shows whole lines', () => {
    const text = numberedLines(1_000);
    const preview = renderOffloadPreview({ text, label, previewChars: 100 });
    expect(preview).toContain('\nline 7\n[... ');
    expect(preview).toContain('of the file ...]\nline 996\n');
  });

  it('splits previewChars evenly, the tail taking the odd character', () => {
    const text = 'x'.repeat(50_000);
    const preview = renderOffloadPreview({ text, label, previewChars: 301 });
    expect(preview).toContain('Showing the first 150 and the last 151 characters.');
    expect(preview.split('\n')[1]).toHaveLength(150);
    expect(preview.split('\n')[3]).toHaveLength(151);
  });

  it('never splits a surrogate pair at the head cut or the tail cut', () => {
    const text = '😀'.repeat(30_000);
    const preview = renderOffloadPreview({ text, label, previewChars: 1_001 });
    const [, head = '', , tail = ''] = preview.split('\n');
    expect(head).toBe('😀'.repeat(250));
    expect(tail).toBe('😀'.repeat(250));
    expect(preview).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
  });

  it('keeps lone surrogates of the result as they are', () => {
    const text = `a\uD800b${'x'.repeat(10_000)}\uDC00z`;
    const preview = renderOffloadPreview({ text, label, previewChars: 10 });
    expect(preview.split('\n')[1]).toBe('a\uD800bxx');
    expect(preview.split('\n')[3]).toBe('xxx\uDC00z');
  });

  it('shows the whole text, still naming the file, when previewChars covers it', () => {
    const text = 'short result\n';
    const preview = renderOffloadPreview({ text, label, previewChars: 1_000 });
    expect(preview).toBe(`[Output also saved whole to ${label} (13 characters, 1 line).]\nshort result\n`);
  });
});
