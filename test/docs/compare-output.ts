import type { ExpectedOutput } from './code-blocks.js';

/**
 * The two texts to compare: the expected output and as much of the real one. An excerpt is compared
 * with the same number of lines from the start of the real output. One trailing newline does not
 * count, since a Markdown block cannot show whether the output ended with one.
 */
export function comparableOutputs(
  expected: ExpectedOutput,
  stdout: string,
): { expected: string; actual: string } {
  const withoutNewline = (text: string) => text.replace(/\n$/, '');
  if (!expected.excerpt) return { expected: withoutNewline(expected.text), actual: withoutNewline(stdout) };
  const count = expected.text.split('\n').length - 1;
  const actual = stdout.split('\n').slice(0, count).join('\n');
  return { expected: withoutNewline(expected.text), actual };
}

/** The text of an output block holding `stdout`, an excerpt as long as the one it replaces. */
export function updatedOutput(expected: ExpectedOutput, stdout: string): string {
  const { actual } = comparableOutputs(expected, stdout);
  return expected.excerpt ? `${actual}\n...\n` : `${actual}\n`;
}
