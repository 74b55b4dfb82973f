import { describe, expect, it } from 'vitest';
import { AgentContextError, describeError, isAgentContextError } from './errors.js';
import { thrownValueZoo } from './thrown-value-zoo.test-support.js';

describe('describeError', () => {
  it('gives the message of an Error and a string as it is', () => {
    expect(describeError(new Error('boom'))).toBe('boom');
    expect(describeError('plain words')).toBe('plain words');
    expect(describeError(42)).toBe('42');
    expect(describeError({ message: 'shaped like an error' })).toBe('shaped like an error');
    expect(describeError({ code: 7 })).toBe('{"code":7}');
  });

  it.each(thrownValueZoo)('describes $name without throwing', ({ make }) => {
    const description = describeError(make());
    expect(typeof description).toBe('string');
    expect(description.length).toBeGreaterThan(0);
  });

  it('names what it cannot read', () => {
    const error = new RangeError('hidden');
    Object.defineProperty(error, 'message', {
      get() {
        throw new Error('no');
      },
    });
    expect(describeError(error)).toBe('RangeError whose message could not be read');
    expect(describeError(Object.create(null))).toBe(
      'a value that could not be described was thrown (object)',
    );
  });

  it('cuts the JSON of a large thrown object', () => {
    const description = describeError({ data: 'x'.repeat(10_000) });
    expect(description.length).toBeLessThanOrEqual(503);
    expect(description.endsWith('...')).toBe(true);
  });
});

describe('isAgentContextError', () => {
  it('recognises ours and never throws for anything else', () => {
    expect(isAgentContextError(new AgentContextError('x', { code: 'not-found' }))).toBe(true);
    for (const { make } of thrownValueZoo) expect(isAgentContextError(make())).toBe(false);
  });
});
