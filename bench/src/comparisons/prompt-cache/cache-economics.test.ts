import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../../../test/wire/scripted-provider-server.js';
import { anthropicPricing, cacheEconomics } from './cache-economics.js';

const tool = { name: 'read_file', description: 'Read a file.', input_schema: { type: 'object' } };
const system = (text: string, marked = false) => ({
  type: 'text',
  text,
  ...(marked && { cache_control: { type: 'ephemeral' } }),
});
const user = (text: string) => ({ role: 'user', content: [{ type: 'text', text }] });

function request(index: number, body: Record<string, unknown>): RecordedRequest {
  return { index, protocol: 'anthropic-messages', path: '/v1/messages', headers: {}, body, stream: false };
}

const unitBytes = (section: string, value: unknown) =>
  Buffer.byteLength(`${section}:${JSON.stringify(value)}`, 'utf8');

describe('cacheEconomics', () => {
  it('re-bills nothing when every request starts with the previous one, whatever the JSON key order', () => {
    const long = 'x'.repeat(6_000);
    const first = request(0, { messages: [user('hi')], system: [system(long, true)], tools: [tool] });
    const second = request(1, {
      tools: [tool],
      system: [system(long)],
      messages: [user('hi'), user('more')],
    });
    const economics = cacheEconomics([first, second]);
    expect(economics.rebilledBytes).toBe(0);
    expect(economics.brokenPrefixes).toBe(0);
    expect(economics.requests[1]?.sharedPrefixBytes).toBe(economics.requests[0]?.bytes);
  });

  it('re-bills every byte after a changed system block, including the whole history', () => {
    const base = [system('base '.repeat(1_000))];
    const history = [user('a'.repeat(5_000)), user('b')];
    const first = request(0, { tools: [tool], system: base, messages: history });
    const second = request(1, {
      tools: [tool],
      system: [...base, system('new nested file')],
      messages: [...history, user('c')],
    });
    const economics = cacheEconomics([first, second]);
    const toolBytes = unitBytes('tools', tool);
    const baseBytes = unitBytes('system', base[0]);
    expect(economics.requests[1]?.sharedPrefixBytes).toBe(toolBytes + baseBytes);
    expect(economics.requests[1]?.rebilledBytes).toBe(
      (economics.requests[0]?.bytes ?? 0) - toolBytes - baseBytes,
    );
    expect(economics.brokenPrefixes).toBe(1);
  });

  it('bills the shared prefix at 0.1x and the rest at 1.25x, and short prefixes at 1x', () => {
    const long = 'y'.repeat(8_000);
    const first = request(0, { tools: [tool], system: [system(long)], messages: [user('q')] });
    const second = request(1, { tools: [tool], system: [system(long)], messages: [user('q'), user('r')] });
    const [one, two] = cacheEconomics([first, second]).requests;
    expect(one?.billedTokens).toBeCloseTo(((one?.bytes ?? 0) * anthropicPricing.cacheWrite) / 4);
    const shared = two?.sharedPrefixBytes ?? 0;
    expect(two?.billedTokens).toBeCloseTo((shared * 0.1 + ((two?.bytes ?? 0) - shared) * 1.25) / 4);
    const tiny = cacheEconomics([
      request(0, { messages: [user('a')] }),
      request(1, { messages: [user('a'), user('b')] }),
    ]);
    expect(tiny.requests[1]?.billedTokens).toBeCloseTo((tiny.requests[1]?.bytes ?? 0) / 4);
  });
});
