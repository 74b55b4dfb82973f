import type { CacheControl } from '../../session/cache-control.js';
import { type BreakpointBudget, budgetBreakpoints } from './cache-breakpoints.js';
import type { MessageFormat } from './hidden-messages.js';
import { createMessageKeyOf } from './message-keys.js';
import { replaceTextParts, textOfParts } from './text-of-parts.js';

/**
 * One message of a prompt in the AI SDK's language-model specification (`LanguageModelV3Prompt`, the
 * same in ai 6 and ai 7), as far as the kit reads it. The AI SDK hands its model this prompt, and so
 * does Mastra, which converts its message list to it first: both adapters describe their requests
 * with it.
 */
export interface LanguageModelMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | readonly LanguageModelPart[];
  providerOptions?: ProviderOptions;
}

/** One part of a {@link LanguageModelMessage}'s content. */
export interface LanguageModelPart {
  type: string;
  toolCallId?: string;
  /** A `tool-call` part's tool. */
  toolName?: string;
  /** A `tool-call` part's input. */
  input?: unknown;
  providerOptions?: ProviderOptions;
  output?: unknown;
}

/** Options by provider name, e.g. `{ anthropic: { cacheControl: { type: 'ephemeral' } } }`. */
type ProviderOptions = Readonly<Record<string, Readonly<Record<string, unknown>>>>;

/** What a language model receives for one call, the parts that can carry breakpoints. */
export interface LanguageModelRequest<Message extends LanguageModelMessage> {
  prompt: readonly Message[];
  tools?: readonly unknown[];
  /** Call-level provider options; an Anthropic `cacheControl` here is one more breakpoint. */
  providerOptions?: ProviderOptions;
}

/**
 * The language-model prompt's messages for the kit (the AI SDK's and Mastra's):
 * - keys: a tool message by the tool-call ids of its results (the anchors capabilities ask for); a
 *   user or assistant message by its role and a hash of its content (provider options left out: cache
 *   markers move between calls); a system message has none (the instructions, sent again on every
 *   call, are never history);
 * - a hidden message becomes a `user` message with one text part;
 * - a command's expanded text replaces a user message's text parts as one text part, where the first
 *   was (its provider options kept), and every other part (files, images) stays.
 */
export function languageModelFormat<Message extends LanguageModelMessage>(): MessageFormat<Message> {
  return {
    createKeyOf: () =>
      createMessageKeyOf<Message>(
        (message) => {
          if (message.role === 'system') return undefined;
          if (message.role === 'tool') {
            const toolCallIds: string[] = [];
            for (const part of message.content as readonly LanguageModelPart[])
              if (part.type === 'tool-result' && part.toolCallId !== undefined)
                toolCallIds.push(part.toolCallId);
            return { toolCallIds, role: message.role, content: message.content };
          }
          return { role: message.role, content: message.content };
        },
        ['providerOptions'],
      ),
    isToolResult: (message) => message.role === 'tool',
    toolCallsOf: (message) => {
      if (message.role !== 'assistant' || typeof message.content === 'string') return undefined;
      return (message.content as readonly LanguageModelPart[]).flatMap((part) =>
        part.type === 'tool-call' && part.toolCallId !== undefined
          ? [{ id: part.toolCallId, toolName: String(part.toolName), input: part.input }]
          : [],
      );
    },
    toMessage: (message) =>
      ({ role: 'user', content: [{ type: 'text', text: message.text }] }) as unknown as Message,
    userText: (message) => (message.role === 'user' ? textOfParts(message.content) : undefined),
    withText: (message, text) =>
      message.role !== 'user' || typeof message.content === 'string'
        ? message
        : { ...message, content: replaceTextParts(message.content, text) },
  };
}

/**
 * The `providerOptions` objects of the adapters' own instruction breakpoints (see
 * {@link withAnthropicOptions}): a model receives a system message's options by reference, so the
 * adapter's breakpoint is told apart from a host's when one has to go.
 */
const ownInstructionOptions = new WeakSet<object>();

/**
 * Keep a language-model request within Anthropic's four breakpoints, the host's first:
 * 1. count the host's own breakpoints (tool definitions, the call-level option, system messages,
 *    message and part options, counted the way the Anthropic provider applies them);
 * 2. keep the adapter's instruction breakpoints (made by `withAnthropicOptions(..., { own: true })`)
 *    while one more fits, else remove their marker;
 * 3. when `rolling` is set and one more still fits, put a breakpoint on the newest message (unless it
 *    is a system message or already has one), so the history up to it is cached for the next call
 *    (it moves every call; providers ignore the marker when comparing prefixes).
 * The request is not modified; messages that change are copied.
 */
export function applyPromptBreakpoints<Message extends LanguageModelMessage>(
  request: LanguageModelRequest<Message>,
  rolling: CacheControl | false,
): { prompt: Message[]; budget: BreakpointBudget } {
  let host = hasMarker(request.providerOptions) ? 1 : 0;
  for (const tool of request.tools ?? [])
    if (hasMarker((tool as { providerOptions?: unknown }).providerOptions)) host += 1;
  const ownIndexes: number[] = [];
  request.prompt.forEach((message, index) => {
    if (message.role === 'system' && ownInstructionOptions.has(message.providerOptions ?? {}))
      ownIndexes.push(index);
    else host += messageBreakpoints(message);
  });

  const prompt = [...request.prompt];
  const last = prompt.at(-1);
  const budget = budgetBreakpoints(host, {
    instructions: ownIndexes.length,
    rolling:
      rolling !== false && last !== undefined && last.role !== 'system' && messageBreakpoints(last) === 0,
  });
  for (const index of ownIndexes.slice(budget.instructions)) {
    prompt[index] = withAnthropicOptions(prompt[index] as Message, undefined);
  }
  if (budget.rolling && last !== undefined && rolling !== false) {
    prompt[prompt.length - 1] = withAnthropicOptions(last, { ...rolling });
  }
  return { prompt, budget };
}

/** Breakpoints one message produces: its parts' own, plus the message's on its last part. */
function messageBreakpoints(message: LanguageModelMessage): number {
  if (message.role === 'system' || typeof message.content === 'string')
    return hasMarker(message.providerOptions) ? 1 : 0;
  const parts = message.content;
  let count = 0;
  parts.forEach((part, index) => {
    const output = part.output as { providerOptions?: unknown } | undefined;
    const own = hasMarker(part.providerOptions) || hasMarker(output?.providerOptions);
    if (own || (index === parts.length - 1 && hasMarker(message.providerOptions))) count += 1;
  });
  return count;
}

function hasMarker(providerOptions: unknown): boolean {
  const anthropic = (providerOptions as { anthropic?: Record<string, unknown> } | undefined)?.anthropic;
  return anthropic?.cacheControl != null || anthropic?.cache_control != null;
}

/**
 * A copy of `message` with its Anthropic `cacheControl` set to `cacheControl`, or removed; with
 * `own`, the adapter's instruction breakpoint, which {@link applyPromptBreakpoints} may drop.
 */
export function withAnthropicOptions<Message extends LanguageModelMessage>(
  message: Message,
  cacheControl: CacheControl | undefined,
  { own = false } = {},
): Message {
  const {
    cacheControl: _cacheControl,
    cache_control: _snake,
    ...anthropic
  } = (message.providerOptions?.anthropic ?? {}) as Record<string, unknown>;
  const options = cacheControl === undefined ? anthropic : { ...anthropic, cacheControl };
  const providerOptions = { ...message.providerOptions, anthropic: options };
  if (own) ownInstructionOptions.add(providerOptions);
  return { ...message, providerOptions };
}
