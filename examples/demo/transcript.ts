import type { ContextEvent, Run } from 'agent-context';
import type { ModelCall } from './prompt-prefix.js';

/** One model call as the demo saw it: what was sent, what came back, and in which run. */
export interface RecordedCall {
  params: ModelCall;
  content: Array<{ type: string; text?: string; toolName?: string; toolCallId?: string; input?: unknown }>;
  usage?: { inputTokens?: { total?: number | undefined; cacheRead?: number | undefined } };
  run: Run;
}

type Message = ModelCall['prompt'][number];
/** Width of a transcript line, in characters. */
export const width = 108;
const mark = '◆';

/**
 * Prints what the model saw, call by call: on the first call of a run the system messages (which
 * capability each came from, where the cache breakpoint is), then what agent-context did since the
 * previous call (events), the messages that are new in this call (injected ones marked), and the
 * model's answer. Messages already printed are not repeated: each call extends the previous one.
 */
export class Transcript {
  readonly calls: RecordedCall[] = [];
  #events: ContextEvent[] = [];
  readonly #write: (line: string) => void;
  readonly #userTurns: readonly string[];

  constructor(write: (line: string) => void, userTurns: readonly string[]) {
    this.#write = write;
    this.#userTurns = userTurns;
  }

  event(event: ContextEvent): void {
    this.#events.push(event);
  }

  call(call: RecordedCall): void {
    const previous = this.calls.at(-1);
    this.calls.push(call);
    this.#write('');
    this.#write(rule(`call ${this.calls.length} · run ${call.run.index}`));
    for (const event of this.#events.splice(0))
      this.#lines(`  ${mark} ${event.capability}`, event.message, 2);
    if (previous?.run !== call.run) this.#system(call, previous);
    const prompt = call.params.prompt;
    const start = previous === undefined ? 0 : sharedMessages(previous.params.prompt, prompt);
    for (const message of prompt.slice(start)) this.#message(message);
    for (const part of call.content) {
      if (part.type === 'text' && part.text) this.#lines('  model', part.text, 2);
      if (part.type === 'tool-call') {
        this.#write(line('  model →', `${part.toolName} ${part.toolCallId}: ${inputText(part.input)}`));
      }
    }
  }

  #lines(label: string, text: string, maxLines: number): void {
    for (const output of wrap(label, text, maxLines)) this.#write(output);
  }

  #system(call: RecordedCall, previous: RecordedCall | undefined): void {
    const system = call.params.prompt.filter((message) => message.role === 'system');
    const blocks = call.run.instructionBlocks;
    const hostCount = system.length - blocks.length;
    for (const [index, message] of system.entries()) {
      const own = index >= hostCount;
      const source = own ? `${mark} ${blocks[index - hostCount]?.capability}` : 'host instructions';
      const breakpoint = message.providerOptions?.anthropic?.cacheControl ? ' [cache breakpoint]' : '';
      const text = String(message.content);
      this.#write(
        line(`  system ${source}`, `(${number(text.length)} chars)${breakpoint} ${summariseText(text)}`),
      );
    }
    const before = new Set((previous?.params.tools ?? []).map((tool) => tool.name));
    const names = (call.params.tools ?? []).map((tool) =>
      previous === undefined || before.has(tool.name) ? tool.name : `${tool.name} (new)`,
    );
    this.#lines('  tools', names.join(', '), 3);
  }

  #message(message: Message): void {
    if (message.role === 'user') {
      const text = message.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
      if (this.#userTurns.includes(text)) this.#lines('  user', text, 3);
      else
        this.#write(line(`  user ${mark} injected`, `(${number(text.length)} chars) ${summariseText(text)}`));
    }
    if (message.role === 'tool') {
      for (const part of message.content) {
        if (part.type !== 'tool-result') continue;
        const output = part.output as { type: string; value?: unknown };
        const value =
          typeof output.value === 'string' ? output.value : JSON.stringify(output.value ?? output.type);
        const error = output.type.startsWith('error') ? ' error' : '';
        // A loaded skill shows its header's first line and where the body starts.
        const shown = part.toolName === 'load_skill' ? value.replace(/\n(?:[^\n]*\n)*?\n/, ' … ') : value;
        this.#lines(
          `  tool${error}`,
          `${part.toolName} ${part.toolCallId} (${number(value.length)} chars): ${shown}`,
          part.toolName === 'load_skill' ? 3 : 2,
        );
      }
    }
  }
}

/** How many leading messages two prompts share (provider options ignored). */
function sharedMessages(previous: readonly Message[], current: readonly Message[]): number {
  let index = 0;
  while (index < previous.length && index < current.length && same(previous[index], current[index]))
    index += 1;
  return index;
}

function same(left: Message | undefined, right: Message | undefined): boolean {
  const strip = (value: unknown) =>
    JSON.stringify(value, (key, item) => (key === 'providerOptions' ? undefined : item));
  return strip(left) === strip(right);
}

/** Context files by path when the text holds some, skills by name for a catalog, else the text. */
function summariseText(text: string): string {
  const paths = [...text.matchAll(/<context-file path="([^"]+)">/g)].map((match) => match[1]);
  if (paths.length > 0) return `files: ${paths.join(', ')}`;
  const skills = [...text.matchAll(/<skill><name>([^<]+)<\/name>/g)].map((match) => match[1]);
  if (skills.length > 0) return `<available_skills>: ${skills.join(', ')}`;
  return text;
}

function inputText(input: unknown): string {
  const parsed = typeof input === 'string' ? safeParse(input) : input;
  return JSON.stringify(parsed);
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function line(label: string, text: string): string {
  return wrap(label, text, 1)[0] ?? '';
}

/** `label` then `text` flowed over at most `maxLines` lines of {@link width}, cut with `…`. */
function wrap(label: string, text: string, maxLines: number): string[] {
  const indent = 31;
  const room = width - indent;
  let rest = text.replace(/\s+/g, ' ').trim();
  const lines: string[] = [];
  while (lines.length < maxLines) {
    const head = lines.length === 0 ? `${label.padEnd(indent - 1)} ` : ' '.repeat(indent);
    if (rest.length <= room) {
      lines.push(head + rest);
      return lines;
    }
    const last = lines.length === maxLines - 1;
    const cut = last ? room - 1 : Math.max(rest.lastIndexOf(' ', room), room / 2);
    lines.push(head + rest.slice(0, cut).trimEnd() + (last ? '…' : ''));
    rest = rest.slice(cut).trimStart();
  }
  return lines;
}

export function rule(title: string): string {
  return `── ${title} ${'─'.repeat(Math.max(3, width - title.length - 4))}`;
}

export function number(value: number): string {
  return value.toLocaleString('en-US');
}

export function percent(part: number, whole: number): string {
  return `${whole === 0 ? '0.0' : ((100 * part) / whole).toFixed(1)}%`.padStart(6);
}
