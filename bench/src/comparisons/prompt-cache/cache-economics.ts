import { cacheOrderOf, cacheUnits } from '../../../../test/wire/cache-order.js';
import type { RecordedRequest } from '../../../../test/wire/scripted-provider-server.js';

/**
 * Anthropic's price factors relative to uncached input, and the smallest cacheable prefix
 * (1,024 tokens for most models). Tokens are estimated as UTF-8 bytes / 4.
 */
export const anthropicPricing = {
  cacheRead: 0.1,
  cacheWrite: 1.25,
  uncached: 1,
  minimumCacheTokens: 1_024,
  bytesPerToken: 4,
};

/** The cache economics of one request, in bytes of its cache-ordered units (tools, system, messages). */
export interface RequestEconomics {
  index: number;
  /** UTF-8 bytes of the request's units (canonical JSON, cache markers dropped). */
  bytes: number;
  /** Bytes of the leading units equal to the previous request's (0 for the first request). */
  sharedPrefixBytes: number;
  /** Bytes of the previous request that are not in the shared prefix: sent again at full price. */
  rebilledBytes: number;
  /** Estimated input tokens (bytes / 4). */
  inputTokens: number;
  /** Billed-equivalent tokens at Anthropic's factors (see {@link cacheEconomics}). */
  billedTokens: number;
}

/** Totals over a session. */
export interface SessionEconomics {
  requests: RequestEconomics[];
  inputTokens: number;
  rebilledBytes: number;
  billedTokens: number;
  /** Requests whose previous request is not an unchanged prefix of them. */
  brokenPrefixes: number;
}

/**
 * Price a recorded session the way a provider with prefix caching bills it, structurally:
 *
 * 1. Each request is cut into units in the provider's cache order (tools, then system blocks, then
 *    messages; not the JSON key order of the body), each the canonical JSON with cache markers
 *    dropped (`cacheUnits` of the wire tests).
 * 2. The shared prefix of request k is the run of leading units equal to request k-1's. Caches
 *    match whole blocks, so a unit that changed counts as changed entirely.
 * 3. Re-billed bytes of request k: the bytes of request k-1 outside that shared prefix.
 * 4. Billed-equivalent tokens of request k: the shared prefix at the cache-read factor (0.1x; at
 *    1x when shorter than the 1,024-token minimum), the rest at the cache-write factor (1.25x), as
 *    the adapter puts a rolling breakpoint on the newest message of every call (at 1x when the whole
 *    request is under the minimum).
 *
 * This is the structural maximum of reuse (every prefix still cached, no expiry), so the figures
 * compare configurations, not invoices.
 */
export function cacheEconomics(recorded: readonly RecordedRequest[]): SessionEconomics {
  const pricing = anthropicPricing;
  const minimumBytes = pricing.minimumCacheTokens * pricing.bytesPerToken;
  const requests: RequestEconomics[] = [];
  let previous: string[] = [];
  let previousBytes = 0;
  let brokenPrefixes = 0;
  for (const [index, request] of recorded.entries()) {
    const units = cacheUnits(cacheOrderOf(request));
    const sizes = units.map((unit) => Buffer.byteLength(unit, 'utf8'));
    const bytes = sizes.reduce((sum, size) => sum + size, 0);
    let shared = 0;
    let sharedBytes = 0;
    while (shared < previous.length && shared < units.length && previous[shared] === units[shared]) {
      sharedBytes += sizes[shared] as number;
      shared += 1;
    }
    if (index > 0 && shared < previous.length) brokenPrefixes += 1;
    const readFactor = sharedBytes >= minimumBytes ? pricing.cacheRead : pricing.uncached;
    const writeFactor = bytes >= minimumBytes ? pricing.cacheWrite : pricing.uncached;
    const billedBytes = sharedBytes * readFactor + (bytes - sharedBytes) * writeFactor;
    requests.push({
      index,
      bytes,
      sharedPrefixBytes: sharedBytes,
      rebilledBytes: index === 0 ? 0 : previousBytes - sharedBytes,
      inputTokens: bytes / pricing.bytesPerToken,
      billedTokens: billedBytes / pricing.bytesPerToken,
    });
    previous = units;
    previousBytes = bytes;
  }
  const sum = (pick: (request: RequestEconomics) => number) =>
    requests.reduce((total, request) => total + pick(request), 0);
  return {
    requests,
    inputTokens: sum((request) => request.inputTokens),
    rebilledBytes: sum((request) => request.rebilledBytes),
    billedTokens: sum((request) => request.billedTokens),
    brokenPrefixes,
  };
}
