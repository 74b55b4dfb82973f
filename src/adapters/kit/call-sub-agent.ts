import type { AgentDefinition } from '../../agent-definitions/agent-definition.js';
import type { ContextSession } from '../../session/context-session.js';
import type { ToolVocabulary } from '../../tool-vocabulary/tool-vocabulary.js';
import { delegationChain, delegationRefusal, runDelegated } from './delegation-chain.js';
import { type PreparedSubAgentRun, prepareSubAgentRun } from './prepare-sub-agent-run.js';
import { subAgentToolsDefaults } from './sub-agent-defaults.js';

/** A sub-agent call refused (a cycle, or the depth limit): its message is for the model. */
export class DelegationRefused extends Error {}

/** What {@link callSubAgent} needs: the host's session, vocabulary, depth limit and tool names. */
export interface SubAgentCallOptions {
  session?: ContextSession | undefined;
  vocabulary?: ToolVocabulary | undefined;
  maxDepth?: number | undefined;
  /** Names of the host tools a sub-agent may be given. */
  hostToolNames: readonly string[];
  /** Names of the sub-agent tools (given to a sub-agent while the depth limit allows). */
  delegationToolNames: readonly string[];
}

/**
 * One call of a sub-agent tool, the same in every adapter: refused with a {@link DelegationRefused}
 * (the framework, or the adapter, returns its message to the model as the tool's error) when the definition already runs on this
 * delegation path or the path holds `maxDepth` sub-agents (default 3); otherwise `run` builds and
 * runs the framework's nested agent with the prepared tools and session, and `nested` says whether
 * it may have sub-agent tools itself (the depth limit not yet reached).
 */
export function callSubAgent<Result>(
  definition: AgentDefinition,
  options: SubAgentCallOptions,
  run: (prepared: PreparedSubAgentRun, nested: boolean) => Promise<Result>,
): Promise<Result> {
  const maxDepth = options.maxDepth ?? subAgentToolsDefaults.maxDepth;
  const refusal = delegationRefusal(definition, maxDepth);
  if (refusal !== undefined) return Promise.reject(new DelegationRefused(refusal));
  return runDelegated(definition, async () => {
    const nested = delegationChain().length < maxDepth;
    const prepared = prepareSubAgentRun(definition, {
      hostToolNames: options.hostToolNames,
      delegationToolNames: nested ? options.delegationToolNames : [],
      ...(options.session === undefined ? {} : { session: options.session }),
      ...(options.vocabulary === undefined ? {} : { vocabulary: options.vocabulary }),
    });
    try {
      return await run(prepared, nested);
    } finally {
      prepared.finish();
    }
  });
}
