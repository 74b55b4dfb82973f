import {
  type CacheBreakpointOptions,
  type CacheControl,
  resolveCacheControl,
} from '../../session/cache-control.js';
import type { ContextSession } from '../../session/context-session.js';
import { adapterWarning } from './report-once.js';

/** Anthropic accepts at most this many `cache_control` breakpoints per request. */
export const maxCacheBreakpoints = 4;

/** The breakpoints an adapter places on every model request (`false`: none). */
export interface CacheBreakpoints {
  /** On the last instruction block. */
  instructions: CacheControl | false;
  /** On the newest message. */
  rolling: CacheControl | false;
}

/**
 * The breakpoints {@link CacheBreakpointOptions} ask for, with the one default of every adapter: both
 * on (`{ type: 'ephemeral' }`) for a model that reads Anthropic markers, both off for any other.
 * `readsAnthropicMarkers` is what the adapter knows of the model: the AI SDK and Mastra put the marker
 * under `providerOptions.anthropic`, which only the Anthropic provider reads, so they pass `true`;
 * LangChain puts `cache_control` on the content blocks and passes whether the model is Anthropic's.
 */
export function resolveCacheBreakpoints(
  options: CacheBreakpointOptions,
  readsAnthropicMarkers: boolean,
): CacheBreakpoints {
  return {
    instructions: resolveCacheControl(options.cacheControl, readsAnthropicMarkers),
    rolling: resolveCacheControl(options.rollingCacheBreakpoint, readsAnthropicMarkers),
  };
}

/** What fits of the adapter's breakpoints on one request, the host's counted first. */
export interface BreakpointBudget {
  /** Breakpoints the host (or middleware before the adapter) set itself. */
  host: number;
  /** How many of the adapter's instruction breakpoints are kept. */
  instructions: number;
  /** An instruction breakpoint was left out because the host already uses the limit. */
  droppedInstructions: boolean;
  /** The rolling breakpoint is placed. */
  rolling: boolean;
  /** The rolling breakpoint was wanted but did not fit. */
  skippedRolling: boolean;
}

/**
 * Share {@link maxCacheBreakpoints} on one request: the host's breakpoints first, then the adapter's
 * instruction breakpoints (`wanted.instructions`, usually one), then the rolling one on the newest
 * message when `wanted.rolling` (the adapter found a message it may mark).
 */
export function budgetBreakpoints(
  host: number,
  wanted: { instructions: number; rolling: boolean },
): BreakpointBudget {
  const instructions = Math.max(0, Math.min(wanted.instructions, maxCacheBreakpoints - host));
  const rolling = wanted.rolling && host + instructions < maxCacheBreakpoints;
  return {
    host,
    instructions,
    droppedInstructions: instructions < wanted.instructions,
    rolling,
    skippedRolling: wanted.rolling && !rolling,
  };
}

/**
 * A reporter of what a {@link BreakpointBudget} left out, each kind once per reporter (create one per
 * adapter instance): a `diagnostic` event with code `cache-breakpoint-limit`, severity `warning`,
 * and `adapter` as the event's capability.
 */
export function createBreakpointWarnings(
  adapter: string,
): (session: ContextSession, budget: BreakpointBudget) => void {
  const reported = new Set<number>();
  return (session, { host, droppedInstructions, skippedRolling }) => {
    const warnings = [
      droppedInstructions &&
        `The host already sets ${host} cache breakpoints; the instruction breakpoint was left out.`,
      skippedRolling &&
        'Four cache breakpoints are already in use; the rolling breakpoint on the newest message was left out.',
    ];
    warnings.forEach((message, kind) => {
      if (message === false || reported.has(kind)) return;
      reported.add(kind);
      session.emit(adapterWarning(adapter, 'cache-breakpoint-limit', message));
    });
  };
}
