import { commonPrefixLength, describeFirstChange, serialisePrompt } from './prompt-prefix.js';
import { number, percent, type RecordedCall, rule } from './transcript.js';

/**
 * The one-screen summary: per call, the input size (the prompt serialised in cache order) and how
 * much of it is an unchanged prefix of the previous call, with a note where the prefix broke. With a
 * real model, the provider's own input and cached token counts are shown too.
 */
export function printSummary(calls: readonly RecordedCall[], write: (line: string) => void): void {
  const real = calls.some((call) => call.usage?.inputTokens?.total !== undefined);
  write('');
  write(rule('summary: what each call sent, in cache order (tools, system, messages)'));
  const prefixHeader = 'unchanged prefix of previous call';
  write(` call  run  input chars  ${prefixHeader}${real ? '  input tokens  cached tokens' : ''}`);
  let repeated = 0;
  let total = 0;
  let previous: { call: RecordedCall; text: string } | undefined;
  for (const [index, call] of calls.entries()) {
    const text = serialisePrompt(call.params);
    const shared = previous === undefined ? 0 : commonPrefixLength(previous.text, text);
    repeated += shared;
    total += text.length;
    const columns = [
      String(index + 1).padStart(5),
      String(call.run.index).padStart(3),
      number(text.length).padStart(11),
      (previous === undefined ? '' : `${number(shared).padStart(9)} ${percent(shared, text.length)}`).padEnd(
        real ? prefixHeader.length : 16,
      ),
    ];
    if (real) {
      columns.push(number(call.usage?.inputTokens?.total ?? 0).padStart(12));
      columns.push(number(call.usage?.inputTokens?.cacheRead ?? 0).padStart(13));
    }
    const change =
      previous === undefined ? undefined : describeFirstChange(previous.call.params, call.params);
    write(`${columns.join('  ')}${change === undefined ? '' : `  <- ${change}`}`.trimEnd());
    previous = { call, text };
  }
  write('');
  write(
    `${number(repeated)} of the ${number(total)} characters sent (${percent(repeated, total).trim()}) repeat the call before unchanged;`,
  );
  write('a provider that caches prompts bills that part at its cached-input rate. Within a run every call');
  write('starts with the whole previous call. A tool authored in the run before changes the tool list,');
  write('which providers cache first, so the first call of the next run is mostly read anew.');
}

/**
 * The slash command of the last run as the model received it (the last message of the run's first
 * call) and the answer of the sub-agent it was handed to, in full. Prints nothing when the last run
 * called no sub-agent (the Mastra and OpenAI Agents demos).
 */
export function printCommandAndSubAgent(
  calls: readonly RecordedCall[],
  subAgent: string,
  write: (line: string) => void,
): void {
  const last = calls.at(-1);
  const first = calls.find((call) => call.run === last?.run);
  const message = first?.params.prompt.at(-1);
  const answer = last?.params.prompt
    .flatMap((entry) => (entry.role === 'tool' ? entry.content : []))
    .find((part) => part.type === 'tool-result' && part.toolName === subAgent);
  if (message?.role !== 'user' || answer?.type !== 'tool-result') return;
  const output = answer.output as { value?: unknown };
  write('');
  write(
    rule(
      `run ${last?.run.index}: the command as the model received it, and the ${subAgent} sub-agent's answer`,
    ),
  );
  for (const part of message.content) {
    if (part.type === 'text')
      for (const text of part.text.trimEnd().split('\n')) write(`  ${text}`.trimEnd());
  }
  write('');
  write(`  ${subAgent}: ${String(output.value)}`);
}
