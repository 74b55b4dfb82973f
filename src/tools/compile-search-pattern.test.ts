import { describe, expect, it } from 'vitest';
import { compileSearchPattern } from './compile-search-pattern.js';

function literalOf(pattern: string, ignoreCase = false): string | undefined {
  const compiled = compileSearchPattern(pattern, { ignoreCase });
  if ('error' in compiled) throw new Error(compiled.error);
  return compiled.literal;
}

describe('the literal a search looks for first', () => {
  it('is the rarest run every match holds, not the longest', () => {
    expect(literalOf('use[A-Z][a-z]+\\(\\(\\)')).toBe('(()');
    expect(literalOf('function\\s+load')).toBe('function');
    expect(literalOf('[0-9]{3}-[0-9]{4}')).toBe('-');
    expect(literalOf('ab.*XYZ')).toBe('XYZ');
  });

  it('is printable ASCII when case is ignored, lowercased', () => {
    expect(literalOf('café.*plain', true)).toBe('plain');
    expect(literalOf('HELLO\\s', true)).toBe('hello');
  });

  it('is none where a match need not hold one', () => {
    expect(literalOf('a|b')).toBeUndefined();
    expect(literalOf('(?i)abc')).toBeUndefined();
    expect(literalOf('[a-z]+')).toBeUndefined();
  });
});
