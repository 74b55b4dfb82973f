import { AsyncLocalStorage } from 'node:async_hooks';
import type { AgentDefinition } from '../../agent-definitions/agent-definition.js';

/** A sub-agent call refused (a cycle, or the depth limit): its message is for the model. */
export class DelegationRefused extends Error {}

/** The sub-agent calls under way around the current code, outermost first. */
const chain = new AsyncLocalStorage<readonly AgentDefinition[]>();

/** The definitions whose sub-agent runs enclose the current code, outermost first (`[]` at the top). */
export function delegationChain(): readonly AgentDefinition[] {
  return chain.getStore() ?? [];
}

/**
 * Why a call of `definition`'s sub-agent is refused here, as a sentence for the model, or
 * `undefined`: the definition already runs on this delegation path (a cycle, however it was wired:
 * sub-agent tools given to sub-agents, or a host tool that delegates), or the path already holds
 * `maxDepth` sub-agents. The path follows the async context, so it holds across every framework.
 */
export function delegationRefusal(definition: AgentDefinition, maxDepth: number): string | undefined {
  const current = delegationChain();
  const path = [...current.map((entry) => entry.name), definition.name].join(' -> ');
  if (current.includes(definition)) {
    return `The ${definition.name} sub-agent is already running on this delegation path (${path}): a sub-agent cannot delegate to itself.`;
  }
  if (current.length >= maxDepth) {
    return `Delegation is limited to ${maxDepth} nested sub-agents (${path}): do the task here instead.`;
  }
  return undefined;
}

/** Run `work` as `definition`'s sub-agent: inside it, {@link delegationChain} ends with the definition. */
export function runDelegated<Result>(
  definition: AgentDefinition,
  work: () => Promise<Result>,
): Promise<Result> {
  return chain.run([...delegationChain(), definition], work);
}
