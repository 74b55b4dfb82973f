import { type LanguageModel, stepCountIs, ToolLoopAgent, type ToolSet } from 'ai';
import { z } from 'zod';
import type { AgentDefinition } from '../../agent-definitions/agent-definition.js';
import { type ContextSession, createContextSession } from '../../session/context-session.js';
import { limitCapabilityTools } from '../../session/limit-capability-tools.js';
import { withContext } from './with-context.js';

/** Options of {@link subAgentTools}. */
export interface SubAgentToolsOptions {
  /** The model every sub-agent runs on, or a choice per definition (its `model` field is only read here). */
  model: LanguageModel | ((definition: AgentDefinition) => LanguageModel);
  /** Host tools a sub-agent may be given; each gets those its definition names (all when it names none). Default none. */
  tools?: ToolSet;
  /**
   * The host's session: each sub-agent call then runs in a new session with the same workspace and
   * capabilities (instructions, nested instructions on touch, file tools...), limited to the tools its
   * definition names, and its events reach this session's listeners. Default: no capabilities.
   */
  session?: ContextSession;
  /** Most model calls of one sub-agent run. Default 20. */
  maxSteps?: number;
}

/** Defaults of {@link subAgentTools}. */
export const subAgentToolsDefaults = {
  /** Most model calls of one sub-agent run. */
  maxSteps: 20,
} as const;

const taskInput = z.object({
  task: z.string().min(1).describe('What the sub-agent should do, with everything it needs to know.'),
});

/**
 * One AI SDK tool per sub-agent definition (see `loadAgentDefinitions`), named after the definition
 * (characters other than letters, digits, `_` and `-` become `_`), taking `{ task }`. A call runs a
 * nested `ToolLoopAgent` with the definition's prompt as instructions and the task as prompt, and
 * returns the sub-agent's final text as the tool result.
 *
 * The sub-agent gets only the tools its definition's `tools` list names (every tool when it names
 * none; names are matched exactly, so `Read` does not match `read_file`): host tools from `tools`
 * and, with `session`, the capability tools of a new session over the same capabilities, whose
 * instructions and nested instructions it receives through its own run.
 *
 * @example
 * const { items } = await loadAgentDefinitions(workspace);
 * const agent = new ToolLoopAgent(withContext(session, {
 *   model,
 *   tools: subAgentTools(items, { model, session }),
 * }));
 */
export function subAgentTools(
  definitions: readonly AgentDefinition[],
  options: SubAgentToolsOptions,
): ToolSet {
  const tools: ToolSet = {};
  for (const definition of definitions) {
    tools[subAgentToolName(definition.name)] = {
      description:
        `Delegate a task to the ${definition.name} sub-agent, which answers with its final text. ${definition.description}`.trim(),
      inputSchema: taskInput,
      execute: (input: z.infer<typeof taskInput>, call: { abortSignal?: AbortSignal }) =>
        runSubAgent(definition, input.task, options, call.abortSignal),
    } as ToolSet[string];
  }
  return tools;
}

/** The tool name of a definition: `^[a-zA-Z0-9_-]{1,64}$`, which every provider accepts. */
export function subAgentToolName(name: string): string {
  return name.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64) || 'sub_agent';
}

async function runSubAgent(
  definition: AgentDefinition,
  task: string,
  options: SubAgentToolsOptions,
  abortSignal: AbortSignal | undefined,
): Promise<string> {
  const allowed = (name: string) => definition.tools === undefined || definition.tools.includes(name);
  const hostTools: ToolSet = {};
  for (const [name, tool] of Object.entries(options.tools ?? {})) if (allowed(name)) hostTools[name] = tool;
  const model = typeof options.model === 'function' ? options.model(definition) : options.model;
  const settings = {
    model,
    instructions: definition.prompt,
    tools: hostTools,
    stopWhen: stepCountIs(options.maxSteps ?? subAgentToolsDefaults.maxSteps),
  };
  let stopForwarding = () => {};
  let agent: ToolLoopAgent<never, ToolSet>;
  if (options.session) {
    const parent = options.session;
    const child = createContextSession({
      workspace: parent.workspace,
      capabilities: parent.capabilities.map((capability) => limitCapabilityTools(capability, allowed)),
    });
    const label = `${definition.name} sub-agent`;
    stopForwarding = child.on((event) =>
      parent.emit({ ...event, trigger: event.trigger === undefined ? label : `${label}: ${event.trigger}` }),
    );
    agent = new ToolLoopAgent(withContext(child, settings));
  } else {
    agent = new ToolLoopAgent(settings);
  }
  try {
    const result = await agent.generate({ prompt: task, ...(abortSignal ? { abortSignal } : {}) });
    return result.text;
  } finally {
    stopForwarding();
  }
}
