import type { ToolCallEvent, ToolCallEventResult, ToolResultEvent } from '@mariozechner/pi-coding-agent';
import type { Run } from '../../session/capability.js';
import { textOfParts } from '../kit/index.js';
import { type PiToolContent, replaceContentText } from './tool-result-content.js';

/**
 * The run's `beforeToolCall` hooks for one of pi's own tools (`read`, `bash`, `edit`, `write`, `ls`,
 * ... or another extension's), from pi's `tool_call` event:
 * - a block answers `{ block: true, reason }`: pi does not run the tool and the model sees the reason
 *   as the tool's error;
 * - a changed input replaces the properties of `event.input` in place, which is how pi lets an
 *   extension change a call's arguments (pi does not validate them again).
 * Returns `undefined` when the call proceeds.
 */
export async function beforeHostToolCall(
  run: Run,
  event: ToolCallEvent,
): Promise<ToolCallEventResult | undefined> {
  const decision = await run.beforeToolCall({
    id: event.toolCallId,
    toolName: event.toolName,
    input: event.input,
  });
  if (decision === undefined) return undefined;
  if ('block' in decision) return { block: true, reason: decision.block };
  const input = event.input as Record<string, unknown>;
  for (const key of Object.keys(input)) delete input[key];
  if (typeof decision.input === 'object' && decision.input !== null) Object.assign(input, decision.input);
  return undefined;
}

/**
 * The run's `afterToolCall` hooks for one of pi's own tools, from pi's `tool_result` event, at
 * execution time (so pi's history holds the final text): touches through the path extractor of
 * `nestedInstructions` (pi's tools report no touches themselves), offload of a large result,
 * `in-tool-result` notes. The hooks see the result's text parts joined (see `textOfParts`); a
 * replaced text becomes the result's one text part, followed by its image parts. Returns
 * `{ content }` for a replaced result and `undefined` otherwise, so pi keeps its own result.
 */
export async function afterHostToolCall(
  run: Run,
  event: ToolResultEvent,
): Promise<{ content: PiToolContent } | undefined> {
  const text = textOfParts(event.content);
  const call = { id: event.toolCallId, toolName: event.toolName, input: event.input };
  const result = await run.afterToolCall(call, { output: text, isError: event.isError });
  if (result.output === text) return undefined;
  return { content: replaceContentText(event.content, result.output) };
}
