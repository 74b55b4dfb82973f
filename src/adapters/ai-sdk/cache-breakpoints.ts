import type { LanguageModelMiddleware } from 'ai';
import type { CacheControl } from '../../session/cache-control.js';
import { ownInstructionBreakpoints } from './instruction-messages.js';

/** What a language model receives for one call (the same shape in the ai 6 and ai 7 specifications). */
export type ModelCallParams = Parameters<
  NonNullable<LanguageModelMiddleware['transformParams']>
>[0]['params'];
type PromptMessage = ModelCallParams['prompt'][number];

/** Anthropic accepts at most this many `cache_control` breakpoints per request. */
export const maxCacheBreakpoints = 4;

/** What {@link applyCacheBreakpoints} did, so the caller can report it. */
export interface BreakpointOutcome {
  params: ModelCallParams;
  /** Breakpoints the host set itself (tools, its system prompt, messages, call level). */
  host: number;
  /** The adapter's instruction breakpoint was removed because the host already uses the limit. */
  droppedInstructionBreakpoint: boolean;
  /** The rolling breakpoint was wanted but did not fit. */
  skippedRolling: boolean;
}

/**
 * Keep the request within Anthropic's four breakpoints, host's first:
 * 1. count the host's own breakpoints (tool definitions, call-level option, system messages, message
 *    and part options, counted the way the provider applies them);
 * 2. keep the adapter's instruction breakpoint if one more fits, else remove it;
 * 3. when `rolling` is set and one more still fits, put a breakpoint on the newest message, so the
 *    history up to it is cached for the next call (it moves every call; providers ignore the marker
 *    when comparing prefixes).
 * The input is not modified; messages that change are copied.
 */
export function applyCacheBreakpoints(
  params: ModelCallParams,
  rolling: CacheControl | false,
): BreakpointOutcome {
  let host = hasMarker(params.providerOptions) ? 1 : 0;
  for (const tool of params.tools ?? [])
    if (hasMarker((tool as { providerOptions?: unknown }).providerOptions)) host += 1;
  const ownIndexes: number[] = [];
  params.prompt.forEach((message, index) => {
    if (message.role === 'system' && isOwn(message.providerOptions)) ownIndexes.push(index);
    else host += messageBreakpoints(message);
  });

  let prompt = params.prompt;
  let used = host;
  let droppedInstructionBreakpoint = false;
  for (const index of ownIndexes) {
    if (used < maxCacheBreakpoints) {
      used += 1;
      continue;
    }
    prompt = replaceAt(prompt, index, withoutMarker(prompt[index]!));
    droppedInstructionBreakpoint = true;
  }

  let skippedRolling = false;
  const lastIndex = prompt.length - 1;
  const last = prompt[lastIndex];
  if (rolling !== false && last !== undefined && last.role !== 'system' && messageBreakpoints(last) === 0) {
    if (used < maxCacheBreakpoints) {
      const anthropic = { ...(last.providerOptions?.anthropic ?? {}), cacheControl: { ...rolling } };
      prompt = replaceAt(prompt, lastIndex, {
        ...last,
        providerOptions: { ...last.providerOptions, anthropic },
      });
    } else {
      skippedRolling = true;
    }
  }
  return {
    params: prompt === params.prompt ? params : { ...params, prompt },
    host,
    droppedInstructionBreakpoint,
    skippedRolling,
  };
}

/** Breakpoints one message produces: its parts' own, plus the message's on its last part. */
function messageBreakpoints(message: PromptMessage): number {
  if (message.role === 'system' || typeof message.content === 'string')
    return hasMarker(message.providerOptions) ? 1 : 0;
  const parts = message.content as Array<{
    providerOptions?: unknown;
    output?: { providerOptions?: unknown };
  }>;
  let count = 0;
  parts.forEach((part, index) => {
    const own = hasMarker(part.providerOptions) || hasMarker(part.output?.providerOptions);
    if (own || (index === parts.length - 1 && hasMarker(message.providerOptions))) count += 1;
  });
  return count;
}

function hasMarker(providerOptions: unknown): boolean {
  const anthropic = (providerOptions as { anthropic?: Record<string, unknown> } | undefined)?.anthropic;
  return anthropic?.cacheControl != null || anthropic?.cache_control != null;
}

function isOwn(providerOptions: unknown): boolean {
  return (
    typeof providerOptions === 'object' &&
    providerOptions !== null &&
    ownInstructionBreakpoints.has(providerOptions)
  );
}

function withoutMarker(message: PromptMessage): PromptMessage {
  const {
    cacheControl: _cacheControl,
    cache_control: _snake,
    ...anthropic
  } = (message.providerOptions?.anthropic ?? {}) as Record<string, never>;
  return { ...message, providerOptions: { ...message.providerOptions, anthropic } } as PromptMessage;
}

function replaceAt<Item>(items: readonly Item[], index: number, item: Item): Item[] {
  const copy = [...items];
  copy[index] = item;
  return copy;
}
