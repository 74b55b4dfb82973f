import type { LanguageModel } from 'ai';
import { type Framework, frameworks } from './demo-agent-options.js';
import { scriptedModel } from './scripted-model.js';

/** The model the demo runs with, or the reason it cannot run. */
export type ModelChoice =
  | { ok: true; model: Exclude<LanguageModel, string>; label: string; real: boolean; framework: Framework }
  | { ok: false; message: string; exitCode: number };

const keys = { anthropic: 'ANTHROPIC_API_KEY', openai: 'OPENAI_API_KEY' } as const;

export const usage = `Usage: npm run demo [-- --model anthropic:<model-id> | --model openai:<model-id>]
       npm run demo -- --framework mastra|openai-agents

Without --model, a scripted model plays the agent (no network, no API key).
With --model, the same three user turns go to a real model; the provider's key must be in the
environment (ANTHROPIC_API_KEY or OPENAI_API_KEY).
With --framework, the scripted agent runs in a Mastra Agent or an OpenAI Agents SDK Agent instead
of the AI SDK's ToolLoopAgent (the default, --framework ai-sdk).`;

/**
 * Read `--model provider:id` and `--framework name` (or `--model=provider:id`, `--framework=name`)
 * from the arguments. No `--model`: the scripted model; no `--framework`: the AI SDK. A real model needs its provider's key in the environment; without it the demo
 * says exactly which variable is missing and does not start.
 */
export async function chooseModel(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<ModelChoice> {
  if (argv.includes('--help') || argv.includes('-h')) return { ok: false, message: usage, exitCode: 0 };
  const options = readOptions(argv);
  if (typeof options === 'string') return { ok: false, message: `${options}\n\n${usage}`, exitCode: 2 };
  const framework = options.framework ?? 'ai-sdk';
  if (!frameworks.includes(framework as Framework)) {
    return {
      ok: false,
      message: `--framework needs one of ${frameworks.join(', ')}, got "${framework}".\n\n${usage}`,
      exitCode: 2,
    };
  }
  if (options.model === undefined) {
    const label = 'scripted model (no API key needed)';
    return { ok: true, model: scriptedModel(), label, real: false, framework: framework as Framework };
  }
  if (framework !== 'ai-sdk') {
    return {
      ok: false,
      message: `--model runs with the AI SDK only; --framework ${framework} plays the scripted model.\n\n${usage}`,
      exitCode: 2,
    };
  }
  const spec = options.model;
  const separator = spec.indexOf(':');
  const provider = spec.slice(0, separator);
  const modelId = spec.slice(separator + 1);
  if (separator === -1 || modelId === '' || (provider !== 'anthropic' && provider !== 'openai')) {
    return {
      ok: false,
      message: `--model needs anthropic:<model-id> or openai:<model-id>, got "${spec}".\n\n${usage}`,
      exitCode: 2,
    };
  }
  const variable = keys[provider];
  if (!env[variable]) {
    return {
      ok: false,
      message: `${variable} is not set. The demo needs it to call ${provider}:${modelId}: run \`${variable}=... npm run demo -- --model ${spec}\`, or leave out --model for the scripted agent.`,
      exitCode: 1,
    };
  }
  if (provider === 'anthropic') {
    const { createAnthropic } = await import('@ai-sdk/anthropic');
    const model = createAnthropic({ apiKey: env[variable] })(modelId);
    return { ok: true, model, label: spec, real: true, framework };
  }
  const { createOpenAI } = await import('@ai-sdk/openai');
  return {
    ok: true,
    model: createOpenAI({ apiKey: env[variable] })(modelId),
    label: spec,
    real: true,
    framework,
  };
}

/** `--model` and `--framework` (`--name value` or `--name=value`), or what is wrong with the arguments. */
function readOptions(argv: readonly string[]): { model?: string; framework?: string } | string {
  const options: { model?: string; framework?: string } = {};
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index] ?? '';
    const name = argument.split('=')[0] ?? '';
    if (name !== '--model' && name !== '--framework') {
      if (argument.startsWith('-')) return `Unknown option ${argument}.`;
      continue;
    }
    const inline = argument.includes('=');
    const value = inline ? argument.slice(argument.indexOf('=') + 1) : argv[index + 1];
    if (!inline) index += 1;
    if (value === undefined || value === '' || value.startsWith('-')) return `${name} needs a value.`;
    options[name === '--model' ? 'model' : 'framework'] = value;
  }
  return options;
}
