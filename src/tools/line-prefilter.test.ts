import { RE2JS } from 're2js';
import { describe, expect, it } from 'vitest';
import { linePrefilter } from './line-prefilter.js';

/** A small deterministic generator (the same cases every run). */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const pieces = [
  'a',
  'b',
  '-',
  '_',
  ' ',
  '.',
  '\\.',
  '\\-',
  '[0-9]',
  '[a-c]',
  '[^a]',
  '[]a]',
  '[a-]',
  '\\d',
  '\\w',
  '\\s',
  '\\D',
  '\\W',
  '\\S',
  '^',
  '$',
  '\\b',
  '\\B',
  'é',
  '😀',
];
const quantifiers = ['', '', '', '*', '+', '?', '{2}', '{0}', '{1}', '{1,}', '{0,2}', '{2,3}', '+?', '*?'];
const characters = ['a', 'b', 'c', '-', '_', ' ', '.', '0', '7', 'é', '😀', '\t', 'Z', ']'];

describe('linePrefilter', () => {
  it('passes every line the engine matches (random patterns and lines)', () => {
    const next = random(40);
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
    let rejected = 0;
    for (let attempt = 0; attempt < 3_000; attempt += 1) {
      let pattern = '';
      const length = 1 + Math.floor(next() * 5);
      for (let piece = 0; piece < length; piece += 1) {
        const atom = pick(pieces);
        pattern +=
          atom +
          (atom === '^' || atom === '$' || atom.startsWith('\\b') || atom === '\\B' ? '' : pick(quantifiers));
      }
      let engine: RE2JS;
      try {
        engine = RE2JS.compile(pattern);
      } catch {
        continue;
      }
      const prefilter = linePrefilter(pattern);
      if (prefilter === undefined) continue;
      for (let line = 0; line < 40; line += 1) {
        let text = '';
        const size = Math.floor(next() * 9);
        for (let index = 0; index < size; index += 1) text += pick(characters);
        const matches = engine.test(text);
        if (matches)
          expect({ pattern, text, passes: prefilter(text) }).toEqual({ pattern, text, passes: true });
        else if (!prefilter(text)) rejected += 1;
      }
    }
    // Not a vacuous test: many lines that cannot match are told apart without the engine.
    expect(rejected).toBeGreaterThan(10_000);
  });

  it('asks for the runs a pattern requires and the characters right next to them', () => {
    const phone = linePrefilter('[0-9]{3}-[0-9]{4}')!;
    expect(phone('call 555-1234')).toBe(true);
    expect(phone('text-sm px-2')).toBe(false);
    expect(phone('a - b')).toBe(false);
    const hook = linePrefilter('use[A-Z][a-z]+\\(\\(\\)')!;
    expect(hook('useEffect(() => {')).toBe(true);
    expect(hook('import { useEffect } from "react";')).toBe(false);
    expect(hook('(() => user)')).toBe(false);
  });

  it('leaves to the engine what is not a plain sequence of atoms', () => {
    for (const pattern of ['a|b', '(ab)+', 'a\\pLb', '[\\d]x', '[[:alpha:]]x', 'x{,2}', '\\x41b', 'a(?i)b'])
      expect(linePrefilter(pattern)).toBeUndefined();
  });
});
