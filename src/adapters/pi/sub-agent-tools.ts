import type { ExtensionContext, ToolDefinition as PiToolDefinition } from '@mariozechner/pi-coding-agent';
import type { AgentDefinition } from '../../agent-definitions/agent-definition.js';
import type { ToolRole } from '../../tool-vocabulary/tool-role.js';
import { toolVocabulary } from '../../tool-vocabulary/tool-vocabulary.js';
import {
  createSubAgentTools,
  type NestedAgentRun,
  type SubAgentToolsBaseOptions,
  taskInputDescription,
} from '../kit/index.js';
import { contextExtension } from './context-extension.js';

/** A pi model (`ctx.model`, `getModel(...)` of pi-ai, a faux provider's model). */
export type PiModel = NonNullable<ExtensionContext['model']>;

/** pi's built-in tools, created for the sub-agent's working directory when named. */
export type PiBuiltInToolName = 'read' | 'bash' | 'edit' | 'write' | 'grep' | 'find' | 'ls';

/** What each of pi's built-in tools does, so `Read`, `Grep` or `run_shell_command` select them. */
export const piBuiltInToolRoles: Readonly<Record<PiBuiltInToolName, ToolRole>> = {
  read: 'read',
  bash: 'shell',
  edit: 'edit',
  write: 'write',
  grep: 'search',
  find: 'find',
  ls: 'list',
};

type Pi = typeof import('@mariozechner/pi-coding-agent');

/** pi's built-in tool of `name`, created for `cwd`. */
function builtInTool(pi: Pi, name: PiBuiltInToolName, cwd: string): PiToolDefinition {
  const create = {
    read: pi.createReadToolDefinition,
    bash: pi.createBashToolDefinition,
    edit: pi.createEditToolDefinition,
    write: pi.createWriteToolDefinition,
    grep: pi.createGrepToolDefinition,
    find: pi.createFindToolDefinition,
    ls: pi.createLsToolDefinition,
  }[name];
  return create(cwd) as PiToolDefinition;
}

type HostTool = PiBuiltInToolName | PiToolDefinition;

/**
 * Options of {@link subAgentTools}. `tools` are names of pi's built-in tools (`'read'`, `'grep'`,
 * `'bash'`..., created for pi's working directory) or tool definitions; the vocabulary has pi's
 * built-in tools mapped in (`piBuiltInToolRoles`).
 */
export interface SubAgentToolsOptions
  extends Omit<SubAgentToolsBaseOptions<PiModel, readonly HostTool[]>, 'model'> {
  /** The model every sub-agent runs on, or a choice per definition. Default: the host's current model (`ctx.model`). */
  model?: PiModel | ((definition: AgentDefinition) => PiModel | undefined);
}

const taskInput = {
  type: 'object',
  properties: {
    task: {
      type: 'string',
      minLength: 1,
      description: taskInputDescription,
    },
  },
  required: ['task'],
} as unknown as PiToolDefinition['parameters'];

/**
 * One pi tool definition per sub-agent definition (see `loadAgentDefinitions`), taking `{ task }`:
 * register them with `pi.registerTool` in an extension, or pass them as `customTools` to
 * `createAgentSession`. A call runs a nested pi agent session (`createAgentSession`, in pi's working
 * directory, with the host's model registry and credentials) whose system prompt is the definition's
 * prompt, whose prompt is the task, and which, with `session`, has `contextExtension` over the
 * sub-agent's session; it returns the sub-agent's last text.
 * The nested session discovers nothing on its own (no extensions, skills, prompt templates or
 * context files: agent-context delivers the repository's) and keeps its transcript in memory.
 * Named, given tools, depth-limited and refused on a cycle (with a tool error) as in every adapter
 * (docs/sub-agents.md).
 *
 * @example
 * const tools = subAgentTools(items, { session, tools: ['read', 'grep', 'find', 'ls'] });
 * const loader = new DefaultResourceLoader({
 *   cwd, agentDir,
 *   extensionFactories: [contextExtension(session), (pi) => tools.forEach((tool) => pi.registerTool(tool))],
 * });
 */
export function subAgentTools(
  definitions: readonly AgentDefinition[],
  options: SubAgentToolsOptions = {},
): PiToolDefinition[] {
  const vocabulary = (options.vocabulary ?? toolVocabulary()).withTools(piBuiltInToolRoles);
  return createSubAgentTools<PiModel | undefined, HostTool>(
    definitions,
    options.tools ?? [],
    { ...options, model: options.model, vocabulary },
    {
      nameOf: (tool) => (typeof tool === 'string' ? tool : tool.name),
      toTool: (entry, delegate) => ({
        name: entry.name,
        label: entry.name,
        description: entry.description,
        parameters: taskInput,
        execute: async (_toolCallId, input, signal, _onUpdate, ctx) => {
          const task = String((input as { task?: unknown }).task ?? '');
          const text = await delegate((nested) => runNestedSession(nested, task, ctx, signal));
          return { content: [{ type: 'text', text }], details: undefined };
        },
      }),
    },
  ) as PiToolDefinition[];
}

/** Run one sub-agent as a nested pi agent session, to its last text. */
async function runNestedSession(
  nested: NestedAgentRun<PiModel | undefined, HostTool>,
  task: string,
  ctx: ExtensionContext,
  signal: AbortSignal | undefined,
): Promise<string> {
  const model = nested.model ?? ctx.model;
  if (model === undefined)
    throw new Error(`The ${nested.name} sub-agent has no model: pi has none selected.`);
  // Loaded here, not with the entry point: contextExtension alone needs nothing of pi at run time.
  const pi: Pi = await import('@mariozechner/pi-coding-agent');
  const { createAgentSession, DefaultResourceLoader, getAgentDir, SessionManager, SettingsManager } = pi;
  const settingsManager = SettingsManager.inMemory({ compaction: { enabled: false } });
  const resourceLoader = new DefaultResourceLoader({
    cwd: ctx.cwd,
    agentDir: getAgentDir(),
    settingsManager,
    extensionFactories: nested.session ? [contextExtension(nested.session)] : [],
    noExtensions: true,
    noSkills: true,
    noPromptTemplates: true,
    noThemes: true,
    noContextFiles: true,
    systemPrompt: nested.definition.prompt,
    appendSystemPrompt: [],
  });
  await resourceLoader.reload();
  const { session } = await createAgentSession({
    cwd: ctx.cwd,
    model,
    authStorage: ctx.modelRegistry.authStorage,
    modelRegistry: ctx.modelRegistry,
    resourceLoader,
    settingsManager,
    sessionManager: SessionManager.inMemory(ctx.cwd),
    // Only the tools chosen for this definition: pi's default four are not switched on.
    noTools: 'builtin',
    customTools: nested.tools.map((tool) =>
      typeof tool === 'string' ? builtInTool(pi, tool, ctx.cwd) : tool,
    ),
  });
  const stop = () => void session.abort();
  signal?.addEventListener('abort', stop, { once: true });
  let turns = 0;
  const unsubscribe = session.subscribe((event) => {
    if (event.type === 'turn_end' && ++turns >= nested.maxSteps) stop();
  });
  try {
    await session.bindExtensions({});
    await session.prompt(task);
    const last = session.messages.findLast((message) => message.role === 'assistant');
    if (last?.role === 'assistant' && last.stopReason === 'error') {
      throw new Error(`The ${nested.name} sub-agent failed: ${last.errorMessage ?? 'the model call failed'}`);
    }
    return session.getLastAssistantText() ?? '';
  } finally {
    unsubscribe();
    signal?.removeEventListener('abort', stop);
    session.dispose();
  }
}
