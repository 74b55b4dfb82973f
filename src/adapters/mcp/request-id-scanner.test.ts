import { describe, expect, it } from 'vitest';
import { requestIdScanner } from './request-id-scanner.js';

/** The id found in `text` fed in pieces of `size` bytes. */
function idIn(text: string, size = 3): string | number | undefined {
  const scanner = requestIdScanner();
  const bytes = Buffer.from(text, 'utf8');
  for (let start = 0; start < bytes.length; start += size) scanner.push(bytes.subarray(start, start + size));
  return scanner.id;
}

describe('requestIdScanner', () => {
  it.each([
    ['{"jsonrpc":"2.0","id":5,"method":"ping"}', 5],
    ['{"method":"tools/call","params":{"id":"inner","a":[1,{"id":2}]},"jsonrpc":"2.0","id":42}', 42],
    ['{ "id" : "req-ü \\" 1" , "method": "x"}', 'req-ü " 1'],
    ['{"idx":1,"params":{"pad":"\\"id\\":7"},"id":-3.5}', -3.5],
    ['{"params":{"p":"x"},"id":1e3}', 1000],
  ])('finds the top-level id of %s', (text, id) => {
    expect(idIn(text)).toBe(id);
    expect(idIn(text, 1)).toBe(id);
    expect(idIn(text, 1_000)).toBe(id);
  });

  it.each([
    '{"method":"notifications/x","params":{"id":3}}',
    '{"id":null,"method":"x"}',
    '{"id":{"nested":1}}',
    '[{"id":1}]',
    'not json at all "id": 4',
    `{"params":{"pad":"${'x'.repeat(10_000)}`,
    `{"id":"${'z'.repeat(2_000)}"}`,
  ])('finds no id in %s', (text) => {
    expect(idIn(text, 64)).toBeUndefined();
  });

  it('finds an id a number cut between two chunks ends only at its delimiter', () => {
    const scanner = requestIdScanner();
    scanner.push(Buffer.from('{"id":12'));
    expect(scanner.id).toBeUndefined();
    scanner.push(Buffer.from('34}'));
    expect(scanner.id).toBe(1234);
  });
});
