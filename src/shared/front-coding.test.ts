import { describe, expect, it } from 'vitest';
import { checkedFrontCoded, expandFrontCoded, frontCode, maximumSharedCharacters } from './front-coding.js';

const fail = (field: string, problem: string) => new Error(`${field}: ${problem}`);

describe('front coding', () => {
  it('writes each string as what it shares with the one before and the rest, and reads it back', () => {
    const paths = [
      'packages',
      'packages/api',
      'packages/api/src',
      'packages/web',
      'docs',
      'packages/web/app',
    ];
    const coded = frontCode(paths);
    expect(coded).toEqual(['packages', [8, '/api'], [12, '/src'], [9, 'web'], 'docs', 'packages/web/app']);
    expect(expandFrontCoded(coded, 'paths', fail)).toEqual(paths);
  });

  it('shares a prefix only when the entry gets shorter, and keeps null entries out of the chain', () => {
    expect(frontCode(['abcd', 'abce', 'abcdefgh', 'abcdefgz'])).toEqual([
      'abcd',
      'abce',
      'abcdefgh',
      [7, 'z'],
    ]);
    const withNull = ['read_file a/b/c.ts (call_1)', null, 'read_file a/b/d.ts (call_2)'];
    const coded = frontCode(withNull);
    expect(coded).toEqual([withNull[0], null, [14, 'd.ts (call_2)']]);
    expect(expandFrontCoded(coded, 'triggers', fail, true)).toEqual(withNull);
  });

  it('never ends a shared prefix inside a surrogate pair, so every part is well-formed text', () => {
    const first = 'notes/emoji-\u{1F600}-one';
    const second = 'notes/emoji-\u{1F601}-two';
    const coded = frontCode([first, second]);
    expect(coded[1]).toEqual([12, '\u{1F601}-two']);
    for (const entry of coded) {
      const text = typeof entry === 'string' ? entry : entry![1];
      expect(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text)).toBe(false);
    }
    expect(expandFrontCoded(JSON.parse(JSON.stringify(coded)), 'notes', fail)).toEqual([first, second]);
  });

  it('round-trips arbitrary lists', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const alphabet = ['a', 'b', '/', '\u00e9', '\u{1F600}', '\n', '"'];
    for (let round = 0; round < 200; round += 1) {
      const values: Array<string | null> = [];
      let previous = '';
      for (let index = 0; index < 20; index += 1) {
        if (random() < 0.1) {
          values.push(null);
          continue;
        }
        const kept = previous.slice(0, Math.floor(random() * (previous.length + 1)));
        let added = '';
        for (let length = Math.floor(random() * 8); length > 0; length -= 1) {
          added += alphabet[Math.floor(random() * alphabet.length)];
        }
        previous = kept + added;
        values.push(previous);
      }
      const coded = JSON.parse(JSON.stringify(frontCode(values)));
      expect(expandFrontCoded(coded, 'values', fail, true)).toEqual(values);
    }
  });

  it('names the entry that does not fit', () => {
    expect(() => expandFrontCoded(['ab', [5, 'c']], 'paths', fail)).toThrow(
      'paths[1]: shares 5 characters with a previous entry of 2',
    );
    expect(() => expandFrontCoded(['ab', 3], 'paths', fail)).toThrow(
      'paths[1]: expected a string or [shared characters, suffix]',
    );
    expect(() => expandFrontCoded(['ab', null], 'paths', fail)).toThrow('paths[1]');
    expect(() => expandFrontCoded([[-1, 'x']], 'paths', fail)).toThrow('paths[0]');
    expect(() => expandFrontCoded('ab', 'paths', fail)).toThrow('paths: expected an array');
  });

  it('refuses a small list that would expand to a huge one, before building it', () => {
    // 1 MiB, then 100 entries each taking all of it again: 100 MiB from about 1 MiB of input.
    const hostile = ['x'.repeat(1024 * 1024), ...Array.from({ length: 100 }, () => [1024 * 1024, ''])];
    const problem = `the list shares more than ${maximumSharedCharacters} characters in all`;
    expect(() => checkedFrontCoded(hostile, 'paths', fail)).toThrow(`paths[65]: ${problem}`);
    expect(() => expandFrontCoded(hostile, 'paths', fail)).toThrow(`paths[65]: ${problem}`);
    expect(expandFrontCoded(hostile.slice(0, 65), 'paths', fail)).toHaveLength(65);
  });
});
