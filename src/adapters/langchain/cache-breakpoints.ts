import { type BaseMessage, HumanMessage, type SystemMessage, ToolMessage } from '@langchain/core/messages';
import type { CacheControl } from '../../session/cache-control.js';
import type { Run } from '../../session/capability.js';
import { type BreakpointBudget, budgetBreakpoints, type CacheBreakpoints } from '../kit/index.js';
import { composeSystemMessage } from './system-message.js';
import { withContent } from './tool-message.js';

/** The parts of a LangChain model request that carry breakpoints. */
export interface BreakpointRequest {
  /** The host's system message, before the run's instruction blocks are added. */
  systemMessage: SystemMessage;
  messages: readonly BaseMessage[];
  tools: readonly unknown[];
  /** Call options for the model; `cache_control` here is a request-level breakpoint. */
  modelSettings?: Record<string, unknown>;
}

/** What {@link applyCacheBreakpoints} made of the request, and what fit (for the kit's warnings). */
export interface BreakpointOutcome {
  systemMessage: SystemMessage;
  messages: BaseMessage[];
  budget: BreakpointBudget;
}

/**
 * Keep a LangChain request within Anthropic's four breakpoints, the host's first (the kit's
 * `budgetBreakpoints`), every breakpoint on a block the Messages API documents as one (a tool, a
 * system block, a top-level block of a message):
 * 1. count the host's own: `cache_control` on tools (`extras.cache_control`), on blocks of the host's
 *    system message and of the messages, and a request-level `modelSettings.cache_control` (LangChain's
 *    `anthropicPromptCachingMiddleware` sets it; `ChatAnthropic` sends it as a top-level `cache_control`,
 *    which marks the newest block);
 * 2. add the instruction blocks to the system message, the last with `instructions` if one more fits;
 * 3. with `rolling`, send every `HumanMessage` and `ToolMessage` whose content is a non-empty string as
 *    one text block (so a message has the same bytes whether it is the newest, marked, or an older one),
 *    and, if one more fits and neither the newest message nor a request-level breakpoint already covers
 *    it, mark the newest message: a `HumanMessage` on its last block; a `ToolMessage` of text blocks on
 *    its `tool_result` block itself, sent as the user message with that one block that `ChatAnthropic`
 *    makes of a tool message anyway (a marker on a text block inside the tool result is not a
 *    documented breakpoint). The marker moves every call; providers ignore it when comparing prefixes.
 * The request's messages are not modified; the ones that change are copies.
 */
export function applyCacheBreakpoints(
  request: BreakpointRequest,
  run: Run,
  breakpoints: CacheBreakpoints,
): BreakpointOutcome {
  const requestLevel = request.modelSettings?.cache_control != null;
  const host =
    (requestLevel ? 1 : 0) +
    request.tools.filter(hasToolBreakpoint).length +
    blockBreakpoints(request.systemMessage) +
    request.messages.reduce((sum, message) => sum + blockBreakpoints(message), 0);
  const messages = breakpoints.rolling === false ? [...request.messages] : request.messages.map(asTextBlocks);
  const newest = messages.at(-1);
  const budget = budgetBreakpoints(host, {
    instructions: breakpoints.instructions !== false && run.instructionBlocks.length > 0 ? 1 : 0,
    rolling:
      breakpoints.rolling !== false &&
      newest !== undefined &&
      !requestLevel &&
      blockBreakpoints(newest) === 0 &&
      isMarkable(newest),
  });
  const systemMessage = composeSystemMessage(
    request.systemMessage,
    run,
    budget.instructions > 0 ? breakpoints.instructions : false,
  );
  if (budget.rolling && newest !== undefined && breakpoints.rolling !== false)
    messages[messages.length - 1] = withBreakpoint(newest, breakpoints.rolling);
  return { systemMessage, messages, budget };
}

function hasToolBreakpoint(tool: unknown): boolean {
  const extras = (tool as { extras?: { cache_control?: unknown } } | null)?.extras;
  return extras?.cache_control != null;
}

function blockBreakpoints(message: BaseMessage): number {
  if (!Array.isArray(message.content)) return 0;
  return message.content.filter((block) => (block as { cache_control?: unknown }).cache_control != null)
    .length;
}

/** A human message with blocks, or a tool message whose blocks are all text (after {@link asTextBlocks}). */
function isMarkable(message: BaseMessage): boolean {
  if (!Array.isArray(message.content) || message.content.length === 0) return false;
  if (HumanMessage.isInstance(message)) return true;
  return ToolMessage.isInstance(message) && message.content.every(isPlainText);
}

function isPlainText(block: unknown): boolean {
  const { type, text, ...rest } = block as { type?: unknown; text?: unknown };
  return type === 'text' && typeof text === 'string' && Object.keys(rest).length === 0;
}

function asTextBlocks(message: BaseMessage): BaseMessage {
  if (typeof message.content !== 'string' || message.content === '') return message;
  if (!HumanMessage.isInstance(message) && !ToolMessage.isInstance(message)) return message;
  return withContent(message, [{ type: 'text', text: message.content }]);
}

function withBreakpoint(message: BaseMessage, rolling: CacheControl): BaseMessage {
  const blocks = [...(message.content as Array<Record<string, unknown>>)];
  if (ToolMessage.isInstance(message)) {
    // The block `ChatAnthropic` sends for a tool message, in its key order, with the marker on it.
    const result = { type: 'tool_result', content: blocks, tool_use_id: message.tool_call_id };
    return new HumanMessage({ content: [{ ...result, cache_control: { ...rolling } }], id: message.id });
  }
  blocks[blocks.length - 1] = { ...blocks[blocks.length - 1], cache_control: { ...rolling } };
  return withContent(message, blocks);
}
