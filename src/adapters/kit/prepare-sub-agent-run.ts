import type { AgentDefinition } from '../../agent-definitions/agent-definition.js';
import type { Diagnostic } from '../../diagnostics.js';
import type { ContextSession } from '../../session/context-session.js';
import { createContextSession } from '../../session/context-session.js';
import { limitCapabilityTools } from '../../session/limit-capability-tools.js';
import { assistantOfFile } from '../../tool-vocabulary/assistant.js';
import { type ToolVocabulary, toolVocabulary } from '../../tool-vocabulary/tool-vocabulary.js';
import { createReportOnce } from './report-once.js';

/** What {@link prepareSubAgentRun} needs to know of the host. */
export interface SubAgentRunOptions {
  /** The host's session: the sub-agent runs in a new session over its workspace and capabilities. */
  session?: ContextSession;
  /** Names of the host tools a sub-agent may be given. */
  hostToolNames: readonly string[];
  /** Names of the sub-agent tools it may be given (none past the depth limit). */
  delegationToolNames: readonly string[];
  /** The tool vocabulary (the host's tools mapped in). Default `toolVocabulary()`. */
  vocabulary?: ToolVocabulary;
}

/** One sub-agent call, ready for the framework's own nested agent. */
export interface PreparedSubAgentRun {
  /** Whether the sub-agent gets a host or sub-agent tool of this name. */
  allowed: (toolName: string) => boolean;
  /** The sub-agent's own session (with `session`): same workspace, capabilities limited to its tools. */
  session: ContextSession | undefined;
  /**
   * The sub-agent's work is over: stop forwarding its session's events to the host session, then
   * dispose that session, so a hook or shell line it started dies with it (also when the nested
   * agent failed or was aborted).
   */
  finish(): void;
}

const firstReport = createReportOnce<ContextSession>();

/**
 * Report `diagnostics` on `session` as `diagnostic` events with reason `sub-agent`, each once per
 * session (a sub-agent called twice does not repeat its warnings).
 */
export function reportSubAgentDiagnostics(
  session: ContextSession | undefined,
  diagnostics: readonly Diagnostic[],
): void {
  if (session === undefined) return;
  for (const diagnostic of diagnostics) {
    if (!firstReport(session, `${diagnostic.code}\0${diagnostic.path ?? ''}\0${diagnostic.message}`))
      continue;
    const event: Parameters<ContextSession['emit']>[0] = {
      type: 'diagnostic',
      reason: 'sub-agent',
      capability: 'sub-agents',
      message: diagnostic.message,
      diagnostic,
    };
    if (diagnostic.path !== undefined) event.path = diagnostic.path;
    session.emit(event);
  }
}

/**
 * Select a sub-agent's tools and open its session. The tools are those its definition's `tools`
 * names through the vocabulary (every tool when it names none), among the host tools, the host
 * session's capability tools (as its current run offers them) and the sub-agent tools; each name
 * that selects nothing is a warning event on the host session. With `session`, the sub-agent gets a
 * new session over the same workspace and capabilities, their tools limited the same way, whose
 * events reach the host session's listeners with the trigger prefixed by `NAME sub-agent`.
 */
export function prepareSubAgentRun(
  definition: AgentDefinition,
  options: SubAgentRunOptions,
): PreparedSubAgentRun {
  const parent = options.session;
  let allowed: (toolName: string) => boolean = () => true;
  if (definition.tools !== undefined) {
    const delegation = Object.fromEntries(
      options.delegationToolNames.map((name) => [name, 'delegate' as const]),
    );
    const vocabulary = (options.vocabulary ?? toolVocabulary()).withTools(delegation);
    const capabilityToolNames = parent?.currentRun?.tools.map((tool) => tool.name) ?? [];
    const available = [
      ...new Set([...options.hostToolNames, ...capabilityToolNames, ...options.delegationToolNames]),
    ];
    const assistant = assistantOfFile(definition.source);
    const selection = vocabulary.select(definition.tools, available, {
      ...(assistant === undefined ? {} : { assistant }),
      owner: `The agent ${definition.name}`,
      path: definition.source,
    });
    reportSubAgentDiagnostics(parent, selection.diagnostics);
    const chosen = new Set(selection.tools);
    allowed = (toolName) => chosen.has(toolName);
  }
  if (parent === undefined) return { allowed, session: undefined, finish: () => {} };
  const session = createContextSession({
    workspace: parent.workspace,
    capabilities: parent.capabilities.map((capability) => limitCapabilityTools(capability, allowed)),
  });
  const label = `${definition.name} sub-agent`;
  const forwarding = session.on((event) =>
    parent.emit({ ...event, trigger: event.trigger === undefined ? label : `${label}: ${event.trigger}` }),
  );
  const finish = () => {
    forwarding();
    session.dispose();
  };
  return { allowed, session, finish };
}
