import type { Capability, Run } from './capability.js';

/**
 * The same capability offering only the tools `allowed` accepts: every other part (hooks,
 * contributed capabilities, themselves limited) is the original, called on the original object, so
 * its per-session state is shared with it as usual.
 *
 * Its instructions follow its tools: a text that names a tool of the capability that `allowed`
 * withholds (the skills catalog's "call `load_skill`" for a sub-agent without `load_skill`) is left
 * out, with a `skipped` event saying which tool, so a model is never told of a tool it cannot call.
 * A text that names none of them is kept as it is.
 */
export function limitCapabilityTools(
  capability: Capability,
  allowed: (toolName: string) => boolean,
): Capability {
  const limited: Capability = { name: capability.name };
  const { tools, capabilities, instructions } = capability;
  if (capability.onRunStart) limited.onRunStart = capability.onRunStart.bind(capability);
  if (instructions) {
    limited.instructions = async (run: Run) => {
      const text = await instructions.call(capability, run);
      if (text === undefined || text === null || !tools) return text;
      const blocks = typeof text === 'string' ? [text] : text;
      const withheld = (await tools.call(capability, run))
        .map((tool) => tool.name)
        .filter((name) => !allowed(name) && blocks.some((block) => namesTool(block, name)));
      if (withheld.length === 0) return text;
      run.emit({
        type: 'skipped',
        capability: capability.name,
        reason: 'sub-agent',
        message: `Left out the ${capability.name} instructions: they name ${withheld.join(', ')}, which this agent is not given.`,
      });
      return undefined;
    };
  }
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

/** Whether `text` names the tool `name` as a word (`load_skill`, not `load_skills` or `preload_skill`). */
function namesTool(text: string, name: string): boolean {
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + 1)) {
    const before = text[at - 1];
    const after = text[at + name.length];
    if (!isNamePart(before) && !isNamePart(after)) return true;
  }
  return false;
}

function isNamePart(character: string | undefined): boolean {
  return character !== undefined && /[A-Za-z0-9_-]/.test(character);
}
