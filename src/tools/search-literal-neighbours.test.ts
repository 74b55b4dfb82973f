import { RE2JS } from 're2js';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../test/support/seeded-random.js';
import { memoryWorkspace } from '../workspace/memory-workspace.js';
import { compileSearchPattern } from './compile-search-pattern.js';
import { searchFilesTool } from './search-files-tool.js';

/**
 * A search passes over a place of its literal whose neighbouring byte is ASCII and refused by the
 * pattern (see `literalNeighbours`) before decoding the line. Held to the plain rule on random
 * files: decode the whole file, split it at `\n`, drop a final `\r`, test every line.
 */

const patterns = [
  '[0-9]{3}-[0-9]{4}',
  '\\d-\\d',
  '[^"]-x',
  'a-[0-9]',
  '\\w-\\w+',
  '-\\d',
  'x-.',
  '.-x',
  'é-\\d',
  '\\s-\\s',
  'a\\(\\(',
  '[é日]-x',
  '-[é日]',
];

const pieces = ['1', '2', '-', 'x', 'a', '"', ' ', 'é', '\r', '\n', '\t', '(', '日'];

function randomFile(random: () => number): Uint8Array {
  const parts: Uint8Array[] = [];
  if (random() < 0.1) parts.push(new Uint8Array([0xef, 0xbb, 0xbf]));
  const length = Math.floor(random() * 60);
  for (let index = 0; index < length; index += 1) {
    if (random() < 0.05) parts.push(new Uint8Array([0xff]));
    else if (random() < 0.03) parts.push(new Uint8Array([0xc3]));
    else parts.push(Buffer.from(pieces[Math.floor(random() * pieces.length)]!, 'utf8'));
  }
  return Buffer.concat(parts);
}

function expectedLines(files: Record<string, Uint8Array>, pattern: string): string[] {
  const engine = RE2JS.compile(pattern);
  const found: string[] = [];
  for (const [path, bytes] of Object.entries(files).sort(([left], [right]) => (left < right ? -1 : 1))) {
    const lines = new TextDecoder().decode(bytes).split('\n');
    if (lines.at(-1) === '') lines.pop();
    for (const [index, line] of lines.entries()) {
      if (engine.test(line.endsWith('\r') ? line.slice(0, -1) : line)) found.push(`${path}:${index + 1}`);
    }
  }
  return found;
}

describe('the literal with its neighbours, on the raw bytes', () => {
  it('is set for patterns that require characters next to their literal', () => {
    const compiled = compileSearchPattern('[0-9]{3}-[0-9]{4}');
    if ('error' in compiled) throw new Error(compiled.error);
    expect(compiled.literal).toBe('-');
    expect(compiled.literalNeighbours?.before?.('7'.charCodeAt(0))).toBe(true);
    expect(compiled.literalNeighbours?.after?.('x'.charCodeAt(0))).toBe(false);
  });

  it('finds the lines the plain rule finds, on random files', async () => {
    const random = seededRandom(40);
    let compared = 0;
    for (let round = 0; round < 40; round += 1) {
      const files: Record<string, Uint8Array> = {};
      for (let index = 0; index < 12; index += 1)
        files[`/w/f${String(index).padStart(2, '0')}.txt`] = randomFile(random);
      const tool = searchFilesTool(memoryWorkspace(files, { root: '/w' }), { maxMatches: 100_000 });
      for (const pattern of patterns) {
        const output = await tool.execute({ pattern, path: '.' }, { callId: 'call' } as never);
        const found = output
          .split('\n')
          .filter((line) => !line.startsWith('['))
          .map((line) => `/w/${/^(.*?:\d+):/.exec(line)![1]}`);
        expect(found, `${pattern} in round ${round}`).toEqual(expectedLines(files, pattern));
        compared += 1;
      }
    }
    expect(compared).toBe(40 * patterns.length);
  });
});
