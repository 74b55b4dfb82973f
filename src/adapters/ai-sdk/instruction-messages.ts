import type { SystemModelMessage } from 'ai';
import type { CacheControl } from '../../session/cache-control.js';
import type { Run } from '../../session/capability.js';
import { withAnthropicOptions } from '../kit/index.js';

/** The instructions a host passes to the AI SDK: `instructions` in ai 7, `system` in ai 6. */
export type HostInstructions = string | SystemModelMessage | SystemModelMessage[] | undefined;

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
    const message: SystemModelMessage = { role: 'system', content: block.text };
    if (index < blocks.length - 1 || cacheControl === false) return message;
    return withAnthropicOptions(message, { ...cacheControl }, { own: true });
  });
  return [...hostMessages, ...own];
}
