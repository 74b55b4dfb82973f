import type { LanguageModel } from 'ai';
import { scriptedModel } from './scripted-model.js';

/** The model the demo runs with, or the reason it cannot run. */
export type ModelChoice =
  | { ok: true; model: Exclude<LanguageModel, string>; label: string; real: boolean }
  | { ok: false; message: string; exitCode: number };

const keys = { anthropic: 'ANTHROPIC_API_KEY', openai: 'OPENAI_API_KEY' } as const;

export const usage = `Usage: npm run demo [-- --model anthropic:<model-id> | --model openai:<model-id>]

Without --model, a scripted model plays the agent (no network, no API key).
With --model, the same two user turns go to a real model; the provider's key must be in the
environment (ANTHROPIC_API_KEY or OPENAI_API_KEY).`;

/**
 * Read `--model provider:id` (or `--model=provider:id`) from the arguments. No `--model`: the
 * scripted model. A real model needs its provider's key in the environment; without it the demo
 * says exactly which variable is missing and does not start.
 */
export async function chooseModel(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<ModelChoice> {
  const index = argv.findIndex((argument) => argument === '--model' || argument.startsWith('--model='));
  if (argv.includes('--help') || argv.includes('-h')) return { ok: false, message: usage, exitCode: 0 };
  if (index === -1) {
    const unknown = argv.find((argument) => argument.startsWith('-'));
    if (unknown) return { ok: false, message: `Unknown option ${unknown}.\n\n${usage}`, exitCode: 2 };
    return { ok: true, model: scriptedModel(), label: 'scripted model (no API key needed)', real: false };
  }
  const argument = argv[index] ?? '';
  const spec = argument.includes('=') ? argument.slice(argument.indexOf('=') + 1) : (argv[index + 1] ?? '');
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
    return { ok: true, model: createAnthropic({ apiKey: env[variable] })(modelId), label: spec, real: true };
  }
  const { createOpenAI } = await import('@ai-sdk/openai');
  return { ok: true, model: createOpenAI({ apiKey: env[variable] })(modelId), label: spec, real: true };
}
