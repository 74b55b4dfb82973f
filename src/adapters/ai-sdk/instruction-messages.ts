import type { SystemModelMessage } from 'ai';
import type { CacheControl } from '../../session/cache-control.js';
import type { Run } from '../../session/capability.js';

/** The instructions a host passes to the AI SDK: `instructions` in ai 7, `system` in ai 6. */
export type HostInstructions = string | SystemModelMessage | SystemModelMessage[] | undefined;

/**
 * The `providerOptions` objects that carry the adapter's own instruction breakpoint. The SDK passes
 * a system message's `providerOptions` to the model by reference, so the middleware can tell the
 * adapter's breakpoint from the host's when it has to drop one to stay within the provider's limit.
 */
const ownInstructionBreakpoints = new WeakSet<object>();

/** True for the `providerOptions` of the adapter's own instruction breakpoint (see {@link composeInstructions}). */
export function isOwnInstructionBreakpoint(providerOptions: unknown): boolean {
  return (
    typeof providerOptions === 'object' &&
    providerOptions !== null &&
    ownInstructionBreakpoints.has(providerOptions)
  );
}

/**
 * The system messages of a call: the host's instructions, unchanged, then one per instruction block of
 * the run (frozen at `startRun()`), the last with `cacheControl` as an Anthropic breakpoint unless it
 * is `false`. The host's value itself when the run has no blocks.
 */
export function composeInstructions(
  host: HostInstructions,
  run: Run,
  cacheControl: CacheControl | false,
): HostInstructions {
  const blocks = run.instructionBlocks;
  if (blocks.length === 0) return host;
  const hostMessages = (Array.isArray(host) ? host : host ? [host] : []).map(
    (message): SystemModelMessage =>
      typeof message === 'string' ? { role: 'system', content: message } : message,
  );
  const own = blocks.map((block, index): SystemModelMessage => {
    if (index < blocks.length - 1 || cacheControl === false) return { role: 'system', content: block.text };
    const providerOptions = { anthropic: { cacheControl: { ...cacheControl } } };
    ownInstructionBreakpoints.add(providerOptions);
    return { role: 'system', content: block.text, providerOptions };
  });
  return [...hostMessages, ...own];
}
