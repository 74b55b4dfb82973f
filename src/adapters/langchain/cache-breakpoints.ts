import { type BaseMessage, HumanMessage, type SystemMessage, ToolMessage } from '@langchain/core/messages';
import type { CacheControl } from '../../session/cache-control.js';
import type { Run } from '../../session/capability.js';
import { composeSystemMessage } from './system-message.js';

/** Anthropic accepts at most this many `cache_control` breakpoints per request. */
export const maxCacheBreakpoints = 4;

/** The parts of a LangChain model request that carry breakpoints. */
export interface BreakpointRequest {
  /** The host's system message, before the run's instruction blocks are added. */
  systemMessage: SystemMessage;
  messages: readonly BaseMessage[];
  tools: readonly unknown[];
  /** Call options for the model; `cache_control` here is a request-level breakpoint. */
  modelSettings?: Record<string, unknown>;
}

/** The breakpoints the adapter wants: on the last instruction block, and on the newest message. */
export interface BreakpointWishes {
  cacheControl: CacheControl | false;
  rolling: CacheControl | false;
}

/** What {@link applyCacheBreakpoints} did, so the caller can report it. */
export interface BreakpointOutcome {
  systemMessage: SystemMessage;
  messages: BaseMessage[];
  /** Breakpoints the host (or middleware before this one) set: tools, system message, messages, request level. */
  host: number;
  /** The instruction breakpoint was left out because the host already uses the limit. */
  droppedInstructionBreakpoint: boolean;
  /** The rolling breakpoint was wanted but did not fit. */
  skippedRolling: boolean;
}

/**
 * Keep a LangChain request within Anthropic's four breakpoints, the host's first:
 * 1. count the host's own: `cache_control` on tools (`extras.cache_control`), on blocks of the host's
 *    system message and of the messages, and a request-level `modelSettings.cache_control` (LangChain's
 *    `anthropicPromptCachingMiddleware` sets it; `ChatAnthropic` sends it as a top-level `cache_control`,
 *    which marks the newest block);
 * 2. add the instruction blocks to the system message, the last with `cacheControl` if one more fits;
 * 3. with `rolling`, send every `HumanMessage` and `ToolMessage` whose content is a non-empty string as
 *    one text block (so a message has the same bytes whether it is the newest, marked, or an older one),
 *    and, if one more fits and neither the newest message nor a request-level breakpoint already covers
 *    it, mark the newest message's last block, so the conversation up to it is cached for the next call.
 *    The marker moves every call; providers ignore it when comparing prefixes.
 * The request's messages are not modified; the ones that change are copies.
 */
export function applyCacheBreakpoints(
  request: BreakpointRequest,
  run: Run,
  wishes: BreakpointWishes,
): BreakpointOutcome {
  const requestLevel = request.modelSettings?.cache_control != null;
  const host =
    (requestLevel ? 1 : 0) +
    request.tools.filter(hasToolBreakpoint).length +
    blockBreakpoints(request.systemMessage) +
    request.messages.reduce((sum, message) => sum + blockBreakpoints(message), 0);

  let used = host;
  const wantsInstruction = wishes.cacheControl !== false && run.instructionBlocks.length > 0;
  const droppedInstructionBreakpoint = wantsInstruction && used >= maxCacheBreakpoints;
  if (wantsInstruction && !droppedInstructionBreakpoint) used += 1;
  const systemMessage = composeSystemMessage(
    request.systemMessage,
    run,
    droppedInstructionBreakpoint ? false : wishes.cacheControl,
  );

  if (wishes.rolling === false) {
    return {
      systemMessage,
      messages: [...request.messages],
      host,
      droppedInstructionBreakpoint,
      skippedRolling: false,
    };
  }
  const messages = request.messages.map(asTextBlocks);
  const newest = messages.at(-1);
  let skippedRolling = false;
  const markable =
    newest !== undefined && !requestLevel && blockBreakpoints(newest) === 0 && isMarkable(newest);
  if (markable && used >= maxCacheBreakpoints) skippedRolling = true;
  else if (markable) messages[messages.length - 1] = withBreakpoint(newest, wishes.rolling);
  return { systemMessage, messages, host, droppedInstructionBreakpoint, skippedRolling };
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

/** A human or tool message whose last block is text (after {@link asTextBlocks}). */
function isMarkable(message: BaseMessage): boolean {
  if (!HumanMessage.isInstance(message) && !ToolMessage.isInstance(message)) return false;
  return Array.isArray(message.content) && message.content.length > 0;
}

function asTextBlocks(message: BaseMessage): BaseMessage {
  if (typeof message.content !== 'string' || message.content === '') return message;
  if (!HumanMessage.isInstance(message) && !ToolMessage.isInstance(message)) return message;
  return withContent(message, [{ type: 'text', text: message.content }]);
}

function withBreakpoint(message: BaseMessage, rolling: CacheControl): BaseMessage {
  const blocks = [...(message.content as Array<Record<string, unknown>>)];
  blocks[blocks.length - 1] = { ...blocks[blocks.length - 1], cache_control: { ...rolling } };
  return withContent(message, blocks);
}

/** A copy of a human or tool message with other content, everything else kept. */
function withContent(message: BaseMessage, content: Array<Record<string, unknown>>): BaseMessage {
  const fields = {
    content: content as HumanMessage['content'],
    id: message.id,
    name: message.name,
    additional_kwargs: message.additional_kwargs,
    response_metadata: message.response_metadata,
  };
  if (ToolMessage.isInstance(message)) {
    return new ToolMessage({
      ...fields,
      tool_call_id: message.tool_call_id,
      status: message.status,
      artifact: message.artifact,
      metadata: message.metadata,
    });
  }
  return new HumanMessage(fields);
}
