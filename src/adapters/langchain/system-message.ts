import { SystemMessage } from '@langchain/core/messages';
import type { CacheControl } from '../../session/cache-control.js';
import type { Run } from '../../session/capability.js';

/**
 * The system message of a model call: the host's system message first, unchanged, then one text
 * block per instruction block of the run, in the run's (capability) order. With `cacheControl`, the
 * last block carries it as `cache_control`, which `ChatAnthropic` sends as the breakpoint after the
 * tools, the host's prompt and every block.
 *
 * The blocks are read from the run, which froze them at `startRun()`, so every call of a run gets the
 * same bytes. Returns the host's message itself when the run has no blocks.
 */
export function composeSystemMessage(
  host: SystemMessage,
  run: Run,
  cacheControl: CacheControl | false,
): SystemMessage {
  const blocks = run.instructionBlocks;
  if (blocks.length === 0) return host;
  const content = blocks.map((block, index) =>
    index === blocks.length - 1 && cacheControl !== false
      ? { type: 'text' as const, text: block.text, cache_control: { ...cacheControl } }
      : { type: 'text' as const, text: block.text },
  );
  // `concat` drops an empty host prompt and turns a string one into a leading text block.
  return host.concat(new SystemMessage({ content }));
}
