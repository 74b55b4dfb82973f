import { describe, expect, it } from 'vitest';
import { formatMarkdownTable, formatNumber, formatRatio, formatTable } from './table.js';

const table = {
  columns: ['side', 'µs'],
  rows: [
    ['agent-context', '2.1'],
    ['a|b', '660'],
  ],
};

describe('tables', () => {
  it('aligns the first column left and the others right on the terminal', () => {
    expect(formatTable(table).split('\n')).toEqual([
      'side            µs',
      '-------------  ---',
      'agent-context  2.1',
      'a|b            660',
    ]);
  });

  it('writes Markdown with escaped pipes and right-aligned numbers', () => {
    expect(formatMarkdownTable(table)).toBe(
      '| side | µs |\n| --- | ---: |\n| agent-context | 2.1 |\n| a\\|b | 660 |',
    );
  });

  it('formats numbers with separators and significant digits, and ratios with an x', () => {
    expect(formatNumber(100_000)).toBe('100,000');
    expect(formatNumber(0.123456)).toBe('0.123');
    expect(formatNumber(undefined)).toBe('n/a');
    expect(formatRatio(2.345)).toBe('2.3x');
    expect(formatRatio(Number.NaN)).toBe('n/a');
  });
});
