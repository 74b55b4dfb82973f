import type { RecordedRequest } from './scripted-provider-server.js';

/**
 * A recorded request split the way providers cache a prompt: tools first, then system blocks, then
 * messages. This order, not the JSON key order of the body, decides what a cached prefix covers.
 */
export interface CacheOrderedPrompt {
  tools: unknown[];
  system: unknown[];
  messages: unknown[];
}

/** Keys that mark cache breakpoints. They move between calls by design, so prefixes ignore them. */
const cacheMarkerKeys = new Set(['cache_control', 'prompt_cache_breakpoint']);

/**
 * Split a recorded request into {@link CacheOrderedPrompt}.
 * - Anthropic Messages: `tools`, `system` (a string becomes one text block), `messages`.
 * - OpenAI Chat: `tools`; the leading `system`/`developer` messages; the rest.
 * - OpenAI Responses: `tools`; `instructions` and the leading `system`/`developer` input items; the rest.
 */
export function cacheOrderOf(request: RecordedRequest): CacheOrderedPrompt {
  const body = request.body;
  const tools = asArray(body.tools);
  if (request.protocol === 'anthropic-messages') {
    const system =
      typeof body.system === 'string' ? [{ type: 'text', text: body.system }] : asArray(body.system);
    return { tools, system, messages: asArray(body.messages) };
  }
  const items = request.protocol === 'openai-chat' ? asArray(body.messages) : asArray(body.input);
  const leading = items.findIndex((item) => !isSystemItem(item));
  const split = leading === -1 ? items.length : leading;
  const instructions = typeof body.instructions === 'string' ? [body.instructions] : [];
  return { tools, system: [...instructions, ...items.slice(0, split)], messages: items.slice(split) };
}

/**
 * The prompt as comparable units in cache order, one per tool, system block and message, each the
 * canonical JSON (sorted keys, cache markers removed) prefixed with its section name.
 */
export function cacheUnits(prompt: CacheOrderedPrompt): string[] {
  return [
    ...prompt.tools.map((tool) => `tools:${canonicalJson(tool)}`),
    ...prompt.system.map((block) => `system:${canonicalJson(block)}`),
    ...prompt.messages.map((message) => `messages:${canonicalJson(message)}`),
  ];
}

/** How much of a request repeats the previous one, in cache order. */
export interface CommonCachePrefix {
  /** Leading units (tools, system blocks, messages) equal in both requests. */
  units: number;
  /** Leading characters equal in both canonical serialisations. */
  characters: number;
  previousCharacters: number;
  currentCharacters: number;
  /** True when every unit of the previous request starts the current one, unchanged. */
  previousIsPrefix: boolean;
  /** The first unit of the previous request that differs, when `previousIsPrefix` is false. */
  firstDifference?: { previous: string; current: string | undefined };
}

/** Compare two requests in cache order (cache markers ignored). */
export function commonCachePrefix(previous: RecordedRequest, current: RecordedRequest): CommonCachePrefix {
  const before = cacheUnits(cacheOrderOf(previous));
  const after = cacheUnits(cacheOrderOf(current));
  let units = 0;
  while (units < before.length && units < after.length && before[units] === after[units]) units += 1;
  const beforeText = before.join('\n');
  const afterText = after.join('\n');
  let characters = 0;
  while (
    characters < beforeText.length &&
    characters < afterText.length &&
    beforeText[characters] === afterText[characters]
  ) {
    characters += 1;
  }
  const previousIsPrefix = units === before.length;
  return {
    units,
    characters,
    previousCharacters: beforeText.length,
    currentCharacters: afterText.length,
    previousIsPrefix,
    ...(!previousIsPrefix && { firstDifference: { previous: before[units] ?? '', current: after[units] } }),
  };
}

/**
 * System messages sent after the conversation started (Anthropic `messages` with role `system`; OpenAI
 * `system`/`developer` items after the first other item). Agent context must never produce one.
 */
export function midConversationSystemMessages(request: RecordedRequest): unknown[] {
  const { messages } = cacheOrderOf(request);
  return messages.filter((message) => isSystemItem(message));
}

/** JSON with object keys sorted and cache markers dropped, so equal content compares equal. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(normalise(value));
}

function normalise(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalise);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([key, item]) => !cacheMarkerKeys.has(key) && item !== undefined)
    .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
  return Object.fromEntries(entries.map(([key, item]) => [key, normalise(item)]));
}

function isSystemItem(item: unknown): boolean {
  const role = (item as { role?: unknown } | null)?.role;
  return role === 'system' || role === 'developer';
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
