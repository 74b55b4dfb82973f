import { describe, expect, it } from 'vitest';
import { answerPart, checkAnswerBudget, splitAnswer } from './answer-parts.js';

/** The piece of a part: its text without the first line and, but in the last part, the last line. */
function pieceOf(part: string, last: boolean): string {
  const body = part.slice(part.indexOf('\n') + 1);
  return last ? body : body.slice(0, body.lastIndexOf('\n'));
}

function allParts(text: string, maxAnswerChars: number): string[] {
  const first = answerPart({ toolName: 'tool', text, part: 1, maxAnswerChars });
  const total = Number(/^\[tool: part 1 of (\d+) /.exec(first)?.[1] ?? 1);
  return Array.from({ length: total }, (_, index) =>
    answerPart({ toolName: 'tool', text, part: index + 1, maxAnswerChars }),
  );
}

describe('answer parts', () => {
  it('gives an answer that fits unchanged, and no part 2', () => {
    expect(answerPart({ toolName: 'tool', text: 'short\n', part: 1, maxAnswerChars: 1_000 })).toBe('short\n');
    expect(() => answerPart({ toolName: 'tool', text: 'short\n', part: 2, maxAnswerChars: 1_000 })).toThrow(
      'There is no part 2: this answer of tool has 1 part.',
    );
  });

  it('cuts a long answer into parts within the budget that join back to it, at paragraph ends', () => {
    const blocks = Array.from(
      { length: 40 },
      (_, index) =>
        `<context-file path="dir${index}/AGENTS.md">\n${`line ${index}\n`.repeat(60)}</context-file>`,
    );
    const text = `# Heading\n\n${blocks.join('\n\n')}\n`;
    const parts = allParts(text, 2_000);
    expect(parts.length).toBeGreaterThan(10);
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(2_000);
    expect(parts.map((part, index) => pieceOf(part, index === parts.length - 1)).join('')).toBe(text);
    expect(parts[0]).toMatch(
      /^\[tool: part 1 of \d+ of a \d+-character answer \(fingerprint [0-9a-f]{8}\); the rest: call tool again with the same arguments and "part": 2\.\]\n# Heading\n\n/,
    );
    expect(parts[0]).toMatch(
      /\n\[Left for parts 2-\d+: .*dir\d+\/AGENTS\.md.* and \d+ more files; \d+ characters\.\]$/,
    );
    expect(parts.at(-1)).toMatch(/; this is the last part\.\]\n/);
  });

  it('cuts text without line breaks at the budget, never inside a surrogate pair', () => {
    const text = '😀'.repeat(3_000);
    const pieces = splitAnswer(text, 999);
    expect(pieces.join('')).toBe(text);
    for (const piece of pieces) {
      expect(piece.length).toBeLessThanOrEqual(999);
      expect(piece.length % 2).toBe(0);
    }
    const parts = allParts(text, 1_000);
    expect(parts.map((part, index) => pieceOf(part, index === parts.length - 1)).join('')).toBe(text);
  });

  it('refuses a budget under 1,000 characters', () => {
    expect(() => checkAnswerBudget(999)).toThrow(expect.objectContaining({ code: 'invalid-option' }));
    expect(() => checkAnswerBudget(1_500.5)).toThrow(expect.objectContaining({ code: 'invalid-option' }));
    expect(() => checkAnswerBudget(1_000)).not.toThrow();
  });
});
