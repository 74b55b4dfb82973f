import type { AgentDefinition } from '../../agent-definitions/agent-definition.js';
import type { ContextSession } from '../../session/context-session.js';
import type { ToolVocabulary } from '../../tool-vocabulary/tool-vocabulary.js';
import { DelegationRefused, delegationChain, delegationRefusal, runDelegated } from './delegation-chain.js';
import { prepareSubAgentRun, reportSubAgentDiagnostics } from './prepare-sub-agent-run.js';
import { subAgentToolsDefaults } from './sub-agent-defaults.js';
import { planSubAgentTools, type SubAgentToolPlan } from './sub-agent-tool-names.js';

/** The description of a sub-agent tool's one input, `task` (a non-empty string), in every adapter. */
export const taskInputDescription = 'What the sub-agent should do, with everything it needs to know.';

/** The options every adapter's `subAgentTools` shares, over the framework's model and tool list types. */
export interface SubAgentToolsBaseOptions<Model, Tools = unknown> {
  /** The model every sub-agent runs on, or a choice per definition (its `model` field is only read here). */
  model: Model | ((definition: AgentDefinition) => Model);
  /** Host tools a sub-agent may be given; each gets those its definition names (all when it names none). Default none. */
  tools?: Tools | undefined;
  /**
   * The host's session: each sub-agent call then runs in a new session with the same workspace and
   * capabilities (instructions, nested instructions on touch, file tools...), limited to the tools its
   * definition names, and its events reach this session's listeners. Default: no capabilities.
   */
  session?: ContextSession | undefined;
  /** Maps the definitions' tool names (`Read`, `Bash`) to tools; map the host's own with `toolVocabulary({ hostTools })`. Default `toolVocabulary()`. */
  vocabulary?: ToolVocabulary | undefined;
  /** Most model calls (steps, turns) of one sub-agent run. Default 20. */
  maxSteps?: number | undefined;
  /** Most sub-agents on one delegation path (a sub-agent's sub-agent counts two). Default 3. */
  maxDepth?: number | undefined;
}

/** One sub-agent run, everything decided: what the framework's nested agent is built from. */
export interface NestedAgentRun<Model, Tool> {
  definition: AgentDefinition;
  /** The sub-agent tool's name, also a name for the nested agent. */
  name: string;
  model: Model;
  /** The host tools and sub-agent tools it is given, in that order, as its definition names them. */
  tools: Tool[];
  /** Its own session (with the host's `session`), else `undefined`. */
  session: ContextSession | undefined;
  /** Most model calls of the run. */
  maxSteps: number;
}

/** What {@link createSubAgentTools} needs of a framework. */
export interface SubAgentToolsFramework<Model, Tool> {
  /** The name a framework tool is called by. */
  nameOf(tool: Tool): string;
  /**
   * The framework tool of one definition. Its call passes `delegate` the nested agent's run, which
   * `delegate` calls with the run decided, or rejects with a `DelegationRefused` (a cycle, the depth
   * limit) whose message is for the model.
   */
  toTool(
    plan: SubAgentToolPlan,
    delegate: (runNested: (run: NestedAgentRun<Model, Tool>) => Promise<string>) => Promise<string>,
  ): Tool;
}

/**
 * The sub-agent tools of `definitions`, the same in every adapter: one framework tool each (see
 * `planSubAgentTools`: colliding names kept with a suffix and a warning event). A call is refused with
 * a {@link DelegationRefused} (the framework, or the adapter, returns its message to the model as the
 * tool's error) when the definition already runs on this delegation path or the path holds `maxDepth`
 * sub-agents (default 3). Otherwise it runs the framework's nested agent with the tools its definition
 * names among `hostTools` and, while the depth limit is not reached, these same sub-agent tools; the
 * sub-agent's session is finished when the nested agent ends, also when it fails.
 */
export function createSubAgentTools<Model, Tool>(
  definitions: readonly AgentDefinition[],
  hostTools: readonly Tool[],
  options: SubAgentToolsBaseOptions<Model>,
  framework: SubAgentToolsFramework<Model, Tool>,
): Tool[] {
  const hostToolNames = hostTools.map((tool) => framework.nameOf(tool));
  const plan = planSubAgentTools(definitions, hostToolNames);
  reportSubAgentDiagnostics(options.session, plan.diagnostics);
  const delegationToolNames = plan.tools.map((entry) => entry.name);
  const maxDepth = options.maxDepth ?? subAgentToolsDefaults.maxDepth;
  return plan.tools.map((entry) =>
    framework.toTool(entry, (runNested) => {
      const { definition } = entry;
      const refusal = delegationRefusal(definition, maxDepth);
      if (refusal !== undefined) return Promise.reject(new DelegationRefused(refusal));
      return runDelegated(definition, async () => {
        const nested = delegationChain().length < maxDepth;
        const prepared = prepareSubAgentRun(definition, {
          hostToolNames,
          delegationToolNames: nested ? delegationToolNames : [],
          ...(options.session === undefined ? {} : { session: options.session }),
          ...(options.vocabulary === undefined ? {} : { vocabulary: options.vocabulary }),
        });
        const model = options.model;
        try {
          const offered = nested
            ? [...hostTools, ...createSubAgentTools(definitions, hostTools, options, framework)]
            : [...hostTools];
          return await runNested({
            definition,
            name: entry.name,
            model:
              typeof model === 'function'
                ? (model as (definition: AgentDefinition) => Model)(definition)
                : model,
            tools: offered.filter((tool) => prepared.allowed(framework.nameOf(tool))),
            session: prepared.session,
            maxSteps: options.maxSteps ?? subAgentToolsDefaults.maxSteps,
          });
        } finally {
          prepared.finish();
        }
      });
    }),
  );
}
