import { AgentContextError } from '../errors.js';
import type { Capability, InstructionBlock, InstructionsValue, Run, ToolDefinition } from './capability.js';
import { capabilityShapeProblem, isNamedObject, toolShapeProblem } from './capability-shape.js';

/** What the run-start steps need of the run being started (`ContextRun`). */
export interface StartingRun extends Run {
  callHook<Result>(
    capability: Capability,
    hook: string,
    reason: 'run-start',
    action: () => Result | Promise<Result>,
  ): Result | undefined | Promise<Result | undefined>;
  markContributed(capability: Capability): void;
  isContributed(capability: Capability): boolean;
}

/**
 * Step 1 of a run start: the configured capabilities, each followed by the ones its `capabilities(run)`
 * hook contributes. A contributed capability that is not an object with a string name, reuses a name,
 * or breaks the capability shape is skipped with a diagnostic.
 */
export async function collectCapabilities(
  run: StartingRun,
  configured: readonly Capability[],
): Promise<Capability[]> {
  const capabilities: Capability[] = [];
  const names = new Set(configured.map((capability) => capability.name));
  for (const capability of configured) {
    capabilities.push(capability);
    const hook = capability.capabilities;
    if (!hook) continue;
    const contributed =
      (await run.callHook(capability, 'capabilities', 'run-start', () => hook.call(capability, run))) ?? [];
    for (const extra of Array.isArray(contributed) ? contributed : []) {
      const problem = !isNamedObject(extra)
        ? 'it is not an object with a string name'
        : names.has(extra.name)
          ? `the name "${extra.name}" is already taken`
          : capabilityShapeProblem(extra);
      if (problem) {
        skip(run, capability.name, `A capability contributed by ${capability.name} was skipped: ${problem}.`);
        continue;
      }
      names.add(extra.name);
      run.markContributed(extra);
      capabilities.push(extra);
    }
  }
  return capabilities;
}

/** Step 3 of a run start: one instruction block per non-empty string, in capability order. */
export async function collectInstructionBlocks(
  run: StartingRun,
  capabilities: readonly Capability[],
): Promise<InstructionBlock[]> {
  const blocks: InstructionBlock[] = [];
  for (const capability of capabilities) {
    const hook = capability.instructions;
    if (!hook) continue;
    const value = await run.callHook(capability, 'instructions', 'run-start', () =>
      hook.call(capability, run),
    );
    for (const text of instructionTexts(value)) blocks.push({ capability: capability.name, text });
  }
  return blocks;
}

/**
 * Step 4 of a run start: every capability's tools, in capability order. Configured tools claim their
 * names first and must be unique (a duplicate throws `invalid-option`); a contributed tool that breaks
 * the tool shape or whose name is taken is skipped with a diagnostic.
 */
export async function collectTools(
  run: StartingRun,
  capabilities: readonly Capability[],
): Promise<ToolDefinition[]> {
  const perCapability: Array<{ capability: Capability; tools: ToolDefinition[] }> = [];
  for (const capability of capabilities) {
    const hook = capability.tools;
    if (!hook) continue;
    const tools = await run.callHook(capability, 'tools', 'run-start', () => hook.call(capability, run));
    perCapability.push({ capability, tools: Array.isArray(tools) ? tools : [] });
  }

  // Configured tools claim their names first, so an authored tool can never shadow a host one.
  const owners = new Map<string, string>();
  for (const { capability, tools } of perCapability) {
    if (run.isContributed(capability)) continue;
    for (const tool of tools) {
      const owner = owners.get(tool.name);
      if (owner !== undefined) {
        throw new AgentContextError(
          `Two tools are named "${tool.name}" (capabilities ${owner} and ${capability.name}). Tool names must be unique within a run: rename one of them.`,
          { code: 'invalid-option', reason: 'duplicate tool name' },
        );
      }
      owners.set(tool.name, capability.name);
    }
  }

  const result: ToolDefinition[] = [];
  for (const { capability, tools } of perCapability) {
    const contributed = run.isContributed(capability);
    for (const [index, tool] of tools.entries()) {
      if (contributed) {
        const problem =
          toolShapeProblem(tool, index + 1) ??
          (owners.has(tool.name) ? `the name is already used by ${owners.get(tool.name)}` : undefined);
        if (problem) {
          const name = typeof tool?.name === 'string' ? `"${tool.name}" ` : '';
          skip(run, capability.name, `Tool ${name}of ${capability.name} was skipped: ${problem}.`);
          continue;
        }
        owners.set(tool.name, capability.name);
      }
      result.push(tool);
    }
  }
  return result;
}

function instructionTexts(value: InstructionsValue | undefined): string[] {
  if (typeof value === 'string') return value === '' ? [] : [value];
  if (Array.isArray(value))
    return value.filter((text): text is string => typeof text === 'string' && text !== '');
  return [];
}

function skip(run: Run, capability: string, message: string): void {
  run.emit({
    type: 'skipped',
    reason: 'run-start',
    capability,
    message,
    diagnostic: { severity: 'error', code: 'capability-skipped', message },
  });
}
