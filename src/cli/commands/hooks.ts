import path from 'node:path';
import { findHooks, type HookEventName, localWorkspace } from '../../index.js';
import { type HookCommand, type HookTestResult, testHooks } from '../../inspect.js';
import { type CliCommand, type CliOutput, CliUsageError } from '../command.js';
import { parseCommandArguments } from '../parse-command-arguments.js';

const events: readonly HookEventName[] = ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse'];

const usage = `Usage: agent-context hooks [dir] [options]

List every hook of dir (default: the current directory): Claude Code's .claude/settings.json and
settings.local.json, the hooks/hooks.json of the plugins .claude-plugin/marketplace.json names,
.codex/hooks.json, .cursor/hooks.json and .github/hooks/*.json; each with its event, matcher,
command, format, and whether the hooks() capability would run it (hooks never run unless the host
turns them on: they are the repository's code, run with your rights).

With --test, run the hooks of one event once, for real, and print what the agent would get.

Options:
  --test <event>     run the hooks of this event: ${events.join(', ')}
  --tool <name>      the tool of a PreToolUse or PostToolUse test, e.g. write_file
  --input <json>     the tool's input (default {})
  --response <json>  the tool's output, for PostToolUse (default "")
  --prompt <text>    the prompt, for UserPromptSubmit
  --json             print the result of findHooks() or testHooks() as JSON

Exit status: 0; with --test, 1 when a hook blocked; 1 when a hook file could not be read.
`;

/** `agent-context hooks [dir]`: the repository's hooks, and `--test` to run one event's hooks once. */
export const hooksCommand: CliCommand = {
  name: 'hooks',
  summary: "list the repository's hooks and whether they would run; --test: run one event's hooks once",
  usage,
  async run(args: string[], output: CliOutput): Promise<number> {
    const { values, positionals } = parseCommandArguments(
      args,
      {
        test: { type: 'string' },
        tool: { type: 'string' },
        input: { type: 'string' },
        response: { type: 'string' },
        prompt: { type: 'string' },
        json: { type: 'boolean' },
      },
      1,
    );
    const workspace = localWorkspace(path.resolve(output.cwd, positionals[0] ?? '.'));
    if (values.test === undefined) {
      const found = await findHooks(workspace);
      output.stdout(
        values.json ? `${JSON.stringify(found, null, 2)}\n` : formatHookList(found.items, found.diagnostics),
      );
      return found.diagnostics.some((diagnostic) => diagnostic.severity === 'error') ? 1 : 0;
    }
    const event = values.test as HookEventName;
    if (!events.includes(event))
      throw new CliUsageError(`--test takes one of ${events.join(', ')}: ${values.test}`);
    if ((event === 'PreToolUse' || event === 'PostToolUse') && values.tool === undefined)
      throw new CliUsageError(`--test ${event} needs --tool <name>`);
    const result = await testHooks({
      workspace,
      event,
      ...(values.tool === undefined ? {} : { toolName: values.tool }),
      ...(values.input === undefined ? {} : { input: parseJson(values.input, '--input') }),
      ...(values.response === undefined ? {} : { toolResponse: parseJson(values.response, '--response') }),
      ...(values.prompt === undefined ? {} : { prompt: values.prompt }),
    });
    output.stdout(values.json ? `${JSON.stringify(result, null, 2)}\n` : formatHookTest(result));
    return result.effect.type === 'tool-blocked' || result.effect.type === 'prompt-blocked' ? 1 : 0;
  },
};

function parseJson(text: string, option: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CliUsageError(`${option} must be JSON: ${(error as Error).message}`);
  }
}

function formatHookList(
  hooks: readonly HookCommand[],
  diagnostics: readonly { severity: string; message: string }[],
): string {
  const lines =
    hooks.length === 0 ? ['No hooks found.'] : [`${hooks.length} hook${hooks.length === 1 ? '' : 's'}:`];
  for (const hook of hooks) {
    const matcher = hook.matcher === null ? '' : ` [${hook.matcher}]`;
    const verdict =
      hook.notRunReason === undefined
        ? 'would run when the host turns hooks on'
        : `not run: ${hook.notRunReason}`;
    lines.push(`  ${hook.event}${matcher}: ${hook.command ?? '(no command)'}`);
    lines.push(`    ${hook.format}, ${hook.source}, timeout ${hook.timeoutSeconds} s; ${verdict}`);
  }
  for (const diagnostic of diagnostics) lines.push(`${diagnostic.severity}: ${diagnostic.message}`);
  return `${lines.join('\n')}\n`;
}

function formatHookTest(result: HookTestResult): string {
  const names = result.toolNames === undefined ? '' : ` (matched as ${result.toolNames.join(', ')})`;
  const lines = [
    `${result.event}${names}: ${result.runs.length} matching hook${result.runs.length === 1 ? '' : 's'}`,
  ];
  for (const run of result.runs) {
    const how =
      run.result.failure === undefined
        ? `exit ${run.result.exitCode}`
        : `failed (${run.result.failure.type})`;
    lines.push(`  ${run.hook.command} (${run.hook.source}): ${how}, ${run.status}`);
  }
  lines.push('The agent would get:');
  const effect = result.effect;
  if (effect.type === 'tool-blocked')
    lines.push(`  tool result (error; the tool does not run): ${effect.toolResult}`);
  else if (effect.type === 'prompt-blocked')
    lines.push(`  the run stops; the host is told: ${effect.reason}`);
  else if (effect.type === 'input-replaced')
    lines.push(`  the tool runs with the input ${JSON.stringify(effect.input)}`);
  if (result.hiddenMessage !== undefined) lines.push('  a hidden message:', indent(result.hiddenMessage));
  if (effect.type === 'none' && result.hiddenMessage === undefined) lines.push('  nothing changes');
  for (const message of result.hostMessages) lines.push(`The host would be told: ${message}`);
  return `${lines.join('\n')}\n`;
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}
