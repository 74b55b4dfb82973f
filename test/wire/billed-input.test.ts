import { describe, expect, it } from 'vitest';
import { billedInput } from './billed-input.js';
import type { RecordedRequest } from './scripted-provider-server.js';

/** About 1,250 tokens of text: above the 1,024-token minimum a cached prefix needs. */
const long = 'x'.repeat(5_000);

function anthropicRequest(index: number, body: Record<string, unknown>): RecordedRequest {
  return { index, protocol: 'anthropic-messages', path: '/v1/messages', headers: {}, body, stream: false };
}

const user = (text: string, marked = false) => ({
  role: 'user',
  content: [{ type: 'text', text, ...(marked && { cache_control: { type: 'ephemeral' } }) }],
});
const assistant = (text: string) => ({ role: 'assistant', content: [{ type: 'text', text }] });

describe('billedInput under breakpoint semantics', () => {
  const first = [user(long)];
  const second = [user(long), assistant('ok'), user('more')];

  it('bills a session without breakpoints at full price', () => {
    const billed = billedInput([
      anthropicRequest(0, { messages: first }),
      anthropicRequest(1, { messages: second }),
    ]);
    expect(billed.billedTokens).toBe(billed.uncachedTokens);
    expect(billed.brokenPrefixes).toBe(0);
  });

  it('writes at a breakpoint and reads the written prefix on the next request', () => {
    const billed = billedInput([
      anthropicRequest(0, { messages: [user(long, true)] }),
      anthropicRequest(1, { messages: [user(long), assistant('ok'), user('more', true)] }),
    ]);
    // First: the whole prefix written (1.25x). Second: the first message read (0.1x), the rest written.
    expect(billed.billedTokens).toBeLessThan(billed.uncachedTokens * 0.75);
    expect(billed.billedTokens).toBeGreaterThan(billed.uncachedTokens * 0.6);
  });

  it('counts a request-level cache_control as a breakpoint on the last message', () => {
    const marked = billedInput([
      anthropicRequest(0, { messages: first, cache_control: { type: 'ephemeral' } }),
      anthropicRequest(1, { messages: second, cache_control: { type: 'ephemeral' } }),
    ]);
    const explicit = billedInput([
      anthropicRequest(0, { messages: [user(long, true)] }),
      anthropicRequest(1, { messages: [user(long), assistant('ok'), user('more', true)] }),
    ]);
    expect(marked.billedTokens).toBe(explicit.billedTokens);
  });
});
