import { ToolMessage } from '@langchain/core/messages';
import type { ToolCallHandler, ToolCallRequest } from 'langchain';
import type { Run } from '../../session/capability.js';
import { outputText } from '../kit/index.js';
import { toToolMessage, withContent } from './tool-message.js';

/** What a `wrapToolCall` hook returns: a `ToolMessage`, or a `Command`. */
export type ToolCallOutcome = Awaited<ReturnType<ToolCallHandler>>;

/**
 * Run a host tool call through the run's hooks, for LangChain's `wrapToolCall`:
 * 1. `beforeToolCall` hooks: a block answers with a `ToolMessage` of `status: 'error'` holding the
 *    reason, and the tool does not run; a changed input becomes the call's `args`;
 * 2. the tool (through `handler`);
 * 3. `afterToolCall` hooks on its content (touches through the path extractor, offload of large
 *    results, `in-tool-result` notes), all at execution time, so the state holds the final text.
 * A result a hook replaced becomes the content of a copy of the tool's `ToolMessage` (a string as is,
 * anything else as JSON); an unchanged one returns the tool's own message.
 *
 * What LangChain decides stays LangChain's: a tool that throws (including an interrupt) rethrows the
 * same error after the hooks saw it as a failure; an error `ToolMessage` is returned as it is; a
 * `Command` is returned as it is, and the hooks see it as a failure (nothing is offloaded or surfaced).
 */
export async function runHostToolCall(
  run: Run,
  request: ToolCallRequest,
  handler: ToolCallHandler,
): Promise<ToolCallOutcome> {
  const toolCall = request.toolCall;
  const toolCallId = toolCall.id ?? '';
  let outcome: { response: ToolCallOutcome } | { error: unknown } | undefined;
  const call = { id: toolCallId, toolName: toolCall.name, input: toolCall.args };
  const result = await run.executeTool(
    call,
    async (input) => {
      try {
        outcome = {
          response: await handler({ ...request, toolCall: { ...toolCall, args: input as ToolCallArgs } }),
        };
      } catch (error) {
        outcome = { error };
        throw error;
      }
      const { response } = outcome;
      if (!ToolMessage.isInstance(response)) throw new Error(`${toolCall.name} returned no ToolMessage.`);
      if (response.status === 'error') throw new Error(`${toolCall.name} reported an error.`);
      return response.content;
    },
    { signal: request.runtime.signal },
  );
  // The assignments happen inside the executor; TypeScript cannot see them, hence the cast.
  const settled = outcome as typeof outcome | undefined;
  if (settled === undefined) return toToolMessage(result, toolCallId, toolCall.name);
  if ('error' in settled) throw settled.error;
  const { response } = settled;
  if (!ToolMessage.isInstance(response) || result.isError || result.output === response.content)
    return response;
  return withContent(response, outputText(result.output));
}

type ToolCallArgs = ToolCallRequest['toolCall']['args'];
