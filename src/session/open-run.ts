import { AgentContextError } from '../errors.js';
import type {
  Capability,
  ContextSessionLike,
  InstructionBlock,
  InstructionsValue,
  ToolDefinition,
} from './capability.js';
import { ContextRun } from './context-run.js';

/**
 * Start a run, in this order (each step in capability order, one capability at a time so events
 * come out in a stable order):
 * 1. `capabilities(run)` of each configured capability: contributed ones join right after their
 *    contributor (a contributed capability that is malformed or reuses a name is skipped with a
 *    diagnostic);
 * 2. `onRunStart(run)`;
 * 3. `instructions(run)`: one block per non-empty string;
 * 4. `tools(run)`: configured tools must have unique names (a duplicate throws `invalid-option`);
 *    a contributed tool whose name is taken is skipped with a diagnostic.
 * Instructions and tools are then frozen for the run.
 */
export async function openRun(
  session: ContextSessionLike,
  index: number,
  configured: readonly Capability[],
): Promise<ContextRun> {
  const run = new ContextRun(session, index);

  const capabilities: Capability[] = [];
  const names = new Set(configured.map((capability) => capability.name));
  for (const capability of configured) {
    capabilities.push(capability);
    const hook = capability.capabilities;
    if (!hook) continue;
    const contributed =
      (await run.callHook(capability, 'capabilities', 'run-start', () => hook.call(capability, run))) ?? [];
    for (const extra of Array.isArray(contributed) ? contributed : []) {
      const problem = !isCapabilityShape(extra)
        ? 'it is not an object with a string name'
        : names.has(extra.name)
          ? `the name "${extra.name}" is already taken`
          : undefined;
      if (problem) {
        skip(run, capability.name, `A capability contributed by ${capability.name} was skipped: ${problem}.`);
        continue;
      }
      names.add(extra.name);
      run.markContributed(extra);
      capabilities.push(extra);
    }
  }
  run.capabilities = Object.freeze(capabilities);

  for (const capability of capabilities) {
    const hook = capability.onRunStart;
    if (hook) await run.callHook(capability, 'onRunStart', 'run-start', () => hook.call(capability, run));
  }

  const blocks: InstructionBlock[] = [];
  for (const capability of capabilities) {
    const hook = capability.instructions;
    if (!hook) continue;
    const value = await run.callHook(capability, 'instructions', 'run-start', () =>
      hook.call(capability, run),
    );
    for (const text of instructionTexts(value)) blocks.push({ capability: capability.name, text });
  }

  const tools = await collectTools(run, capabilities);
  run.freeze(blocks, tools);
  const characters = run.instructions.length;
  run.emit({
    type: 'run-started',
    reason: 'run-start',
    capability: 'session',
    message: `Run ${index} started: ${capabilities.length} capabilities, ${blocks.length} instruction blocks (${characters} characters), ${tools.length} tools.`,
  });
  return run;
}

async function collectTools(run: ContextRun, capabilities: readonly Capability[]): Promise<ToolDefinition[]> {
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
    for (const tool of tools) {
      if (contributed) {
        const problem = !isToolShape(tool)
          ? 'it needs a string name, a description and an execute function'
          : owners.has(tool.name)
            ? `the name is already used by ${owners.get(tool.name)}`
            : undefined;
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

function isCapabilityShape(value: unknown): value is Capability {
  return typeof value === 'object' && value !== null && typeof (value as Capability).name === 'string';
}

function isToolShape(value: unknown): value is ToolDefinition {
  const tool = value as ToolDefinition | undefined;
  return (
    typeof tool === 'object' &&
    tool !== null &&
    typeof tool.name === 'string' &&
    typeof tool.description === 'string' &&
    typeof tool.execute === 'function'
  );
}

function skip(run: ContextRun, capability: string, message: string): void {
  run.emit({
    type: 'skipped',
    reason: 'run-start',
    capability,
    message,
    diagnostic: { severity: 'error', code: 'capability-skipped', message },
  });
}
