import { AgentContextError } from '../../errors.js';
import type { Run } from '../../session/capability.js';
import type { ContextSession } from '../../session/context-session.js';
import { observeTrailingUserInput } from '../kit/index.js';
import {
  type AiSdkContextOptions,
  type ComposedCall,
  composeCall,
  type HostCallSettings,
  userInputOf,
} from './compose-call.js';
import type { HostInstructions } from './instruction-messages.js';
import { assertModelInstance } from './wrap-model.js';

/** The host's settings with the run's context applied. */
export type ContextCallOptions<Settings> = Omit<Settings, keyof ComposedCall | 'system'> &
  ComposedCall & {
    /** The same value as `instructions`, for ai 6, whose `generateText` reads `system`. */
    system: HostInstructions;
  };

/**
 * Build `generateText` / `streamText` options (ai 7 or ai 6) from a run: the host passes its own
 * settings and spreads the result into the call.
 *
 * ```ts
 * const run = await session.startRun();
 * const result = await generateText(await contextCallOptions(run, { model, instructions, tools, prompt }));
 * ```
 *
 * The composition of {@link withContext}, the instructions returned as both `instructions` (ai 7) and
 * `system` (ai 6). Reuse one run's options for every call of a user turn, so they share one prompt
 * prefix. Throws `invalid-option` when the run is not of `createContextSession`, or the model is an
 * id string.
 */
export async function contextCallOptions<Settings extends HostCallSettings>(
  run: Run,
  settings: Settings,
  options: AiSdkContextOptions = {},
): Promise<ContextCallOptions<Settings>> {
  const session = run.session as Partial<ContextSession>;
  if (typeof session.placeHiddenMessages !== 'function' || typeof session.observeUserInput !== 'function') {
    throw new AgentContextError(
      'contextCallOptions needs a run started by session.startRun() of createContextSession.',
      {
        code: 'invalid-option',
        reason: 'run without a context session',
      },
    );
  }
  assertModelInstance(settings.model);
  const composed = composeCall(session as ContextSession, run, settings, options);
  if (options.observeUserInput !== false) {
    const input = userInputOf(settings);
    await observeTrailingUserInput(session as ContextSession, input.messages, input.readUserInput);
  }
  return { ...settings, ...composed, system: composed.instructions } as ContextCallOptions<Settings>;
}
