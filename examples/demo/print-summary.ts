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
