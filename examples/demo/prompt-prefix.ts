import type { LanguageModelMiddleware } from 'ai';

/** What a language model receives for one call. */
export type ModelCall = Parameters<NonNullable<LanguageModelMiddleware['transformParams']>>[0]['params'];

/**
 * A model call serialised the way providers cache a prompt: tool definitions, then the system
 * messages, then the conversation. Provider options (where cache breakpoints live) are left out:
 * a breakpoint that moves to the newest message is not a change of content.
 */
export function serialisePrompt(call: ModelCall): string {
  const tools = (call.tools ?? []).map((tool) => JSON.stringify(withoutProviderOptions(tool)));
  const messages = call.prompt.map((message) => JSON.stringify(withoutProviderOptions(message)));
  return [...tools, ...messages].join('\n');
}

/** Characters two serialised prompts share from the start. */
export function commonPrefixLength(previous: string, current: string): number {
  const limit = Math.min(previous.length, current.length);
  let index = 0;
  while (index < limit && previous.charCodeAt(index) === current.charCodeAt(index)) index += 1;
  return index;
}

function withoutProviderOptions(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (key, item) => (key === 'providerOptions' ? undefined : item)));
}

/**
 * Where `current` stops repeating `previous`, in cache order, as a short note for the summary;
 * `undefined` when `previous` is an unchanged prefix of `current`.
 */
export function describeFirstChange(previous: ModelCall, current: ModelCall): string | undefined {
  const tools = (call: ModelCall) =>
    (call.tools ?? []).map((tool) => JSON.stringify(withoutProviderOptions(tool)));
  const [before, after] = [tools(previous), tools(current)];
  if (before.length !== after.length || before.some((tool, index) => tool !== after[index])) {
    const names = new Set((previous.tools ?? []).map((tool) => tool.name));
    const added = (current.tools ?? []).filter((tool) => !names.has(tool.name)).map((tool) => tool.name);
    return added.length > 0 ? `tool list changed: ${added.join(', ')} added` : 'tool list changed';
  }
  const index = previous.prompt.findIndex(
    (message, position) =>
      JSON.stringify(withoutProviderOptions(message)) !==
      JSON.stringify(withoutProviderOptions(current.prompt[position])),
  );
  if (index === -1) return undefined;
  return previous.prompt[index]?.role === 'system' ? 'system prompt changed' : `message ${index + 1} changed`;
}
