import { cacheOrderOf, cacheUnits } from './cache-order.js';
import type { RecordedRequest } from './scripted-provider-server.js';

/** Price factors relative to uncached input, and the smallest cacheable prefix. Tokens: UTF-8 bytes / 4. */
export const cachePricing = { cacheRead: 0.1, cacheWrite: 1.25, minimumCacheTokens: 1_024, bytesPerToken: 4 };

/** The input of a recorded session, priced the way the provider caches prompts. */
export interface BilledInput {
  requests: number;
  /** Bytes of each previous request that the next one does not repeat as its prefix, summed. */
  rebilledBytes: number;
  /** Estimated input tokens, every request at full price (no cache). */
  uncachedTokens: number;
  /** Billed-equivalent input tokens with the provider's cache. */
  billedTokens: number;
  /** Requests whose previous request is not an unchanged prefix of them. */
  brokenPrefixes: number;
}

/**
 * Price a recorded session structurally, unit by unit in cache order (tools, system blocks, messages;
 * canonical JSON, cache markers dropped), every prefix still in the cache (no expiry):
 * - Anthropic Messages (breakpoints honoured): the cache holds the prefixes that ended at a
 *   `cache_control` breakpoint of an earlier request; a request reads the longest of them it starts
 *   with (0.1x), writes the part of each of its own breakpoint prefixes beyond that (1.25x), and pays
 *   the rest at 1x. A prefix under 1,024 tokens is never cached. A request-level `cache_control`
 *   (automatic caching) is a breakpoint on the last unit.
 * - OpenAI (automatic prefix cache): a request reads the longest prefix it shares with an earlier
 *   request (0.1x) when it is at least 1,024 tokens, and pays the rest at 1x; there is no write price.
 */
export function billedInput(recorded: readonly RecordedRequest[]): BilledInput {
  const minimumBytes = cachePricing.minimumCacheTokens * cachePricing.bytesPerToken;
  const cachedPrefixes: string[][] = [];
  let previous: string[] | undefined;
  let previousBytes = 0;
  let rebilledBytes = 0;
  let brokenPrefixes = 0;
  let uncachedBytes = 0;
  let billedBytes = 0;
  for (const request of recorded) {
    const ordered = cacheOrderOf(request);
    const units = cacheUnits(ordered);
    const sizes = units.map((unit) => Buffer.byteLength(unit, 'utf8'));
    const total = sizes.reduce((sum, size) => sum + size, 0);
    const bytesUpTo = (count: number) => sizes.slice(0, count).reduce((sum, size) => sum + size, 0);
    if (previous !== undefined) {
      const shared = sharedUnits(previous, units);
      rebilledBytes += previousBytes - bytesUpTo(shared);
      if (shared < previous.length) brokenPrefixes += 1;
    }
    uncachedBytes += total;
    let readUnits = 0;
    for (const prefix of cachedPrefixes) {
      if (prefix.length > readUnits && sharedUnits(prefix, units) === prefix.length)
        readUnits = prefix.length;
    }
    const readBytes = bytesUpTo(readUnits) >= minimumBytes ? bytesUpTo(readUnits) : 0;
    if (request.protocol === 'anthropic-messages') {
      const breakpoints = breakpointUnits(request);
      const lastBreakpoint = Math.max(0, ...breakpoints);
      const writtenBytes =
        bytesUpTo(lastBreakpoint) >= minimumBytes ? bytesUpTo(lastBreakpoint) - readBytes : 0;
      billedBytes +=
        readBytes * cachePricing.cacheRead +
        Math.max(0, writtenBytes) * cachePricing.cacheWrite +
        (total - readBytes - Math.max(0, writtenBytes));
      for (const end of breakpoints) cachedPrefixes.push(units.slice(0, end));
    } else {
      billedBytes += readBytes * cachePricing.cacheRead + (total - readBytes);
      cachedPrefixes.push(units);
    }
    previous = units;
    previousBytes = total;
  }
  return {
    requests: recorded.length,
    rebilledBytes,
    uncachedTokens: Math.round(uncachedBytes / cachePricing.bytesPerToken),
    billedTokens: Math.round(billedBytes / cachePricing.bytesPerToken),
    brokenPrefixes,
  };
}

function sharedUnits(left: readonly string[], right: readonly string[]): number {
  let count = 0;
  while (count < left.length && count < right.length && left[count] === right[count]) count += 1;
  return count;
}

/**
 * The unit counts (in cache order) of the prefixes an Anthropic request marks with `cache_control`,
 * counted strictly, on the blocks the Messages API documents as breakpoints only: a tool, a system
 * block, a top-level content block of a message, and a request-level `cache_control` (automatic
 * caching: a breakpoint on the last unit). A marker nested deeper (on a text block inside a
 * `tool_result`) is not counted: whether the API honours it is not documented.
 */
export function breakpointUnits(request: RecordedRequest): number[] {
  const { tools, system, messages } = cacheOrderOf(request);
  const ends: number[] = [];
  tools.forEach((tool, index) => {
    if (isMarked(tool)) ends.push(index + 1);
  });
  system.forEach((block, index) => {
    if (isMarked(block)) ends.push(tools.length + index + 1);
  });
  messages.forEach((message, index) => {
    const content = (message as { content?: unknown }).content;
    if (Array.isArray(content) && content.some(isMarked)) ends.push(tools.length + system.length + index + 1);
  });
  if (request.body.cache_control != null) ends.push(tools.length + system.length + messages.length);
  return ends;
}

/** The breakpoints of an Anthropic request under {@link breakpointUnits}' strict counting. */
export function breakpointCount(request: RecordedRequest): number {
  const { tools, system, messages } = cacheOrderOf(request);
  const blocks = messages.flatMap((message) => {
    const content = (message as { content?: unknown }).content;
    return Array.isArray(content) ? content : [];
  });
  const requestLevel = request.body.cache_control != null ? 1 : 0;
  return [...tools, ...system, ...blocks].filter(isMarked).length + requestLevel;
}

/** Every `cache_control` key in a request body, wherever it sits. */
export function markerCount(request: RecordedRequest): number {
  return JSON.stringify(request.body).split('"cache_control"').length - 1;
}

function isMarked(value: unknown): boolean {
  return (value as { cache_control?: unknown } | null)?.cache_control != null;
}
