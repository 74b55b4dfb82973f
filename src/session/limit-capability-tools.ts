import type { Capability } from './capability.js';

/**
 * The same capability offering only the tools `allowed` accepts: every other part (instructions,
 * hooks, contributed capabilities, themselves limited) is the original, called on the original
 * object, so its per-session state is shared with it as usual.
 */
export function limitCapabilityTools(
  capability: Capability,
  allowed: (toolName: string) => boolean,
): Capability {
  const limited: Capability = { name: capability.name };
  const { tools, capabilities } = capability;
  if (capability.onRunStart) limited.onRunStart = capability.onRunStart.bind(capability);
  if (capability.instructions) limited.instructions = capability.instructions.bind(capability);
  if (capability.beforeToolCall) limited.beforeToolCall = capability.beforeToolCall.bind(capability);
  if (capability.afterToolCall) limited.afterToolCall = capability.afterToolCall.bind(capability);
  if (capability.onTouch) limited.onTouch = capability.onTouch.bind(capability);
  if (capability.onCompaction) limited.onCompaction = capability.onCompaction.bind(capability);
  if (tools) {
    limited.tools = async (run) => (await tools.call(capability, run)).filter((tool) => allowed(tool.name));
  }
  if (capabilities) {
    limited.capabilities = async (run) =>
      (await capabilities.call(capability, run)).map((contributed) =>
        limitCapabilityTools(contributed, allowed),
      );
  }
  return limited;
}
