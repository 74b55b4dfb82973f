import type { LanguageModel, LanguageModelMiddleware } from 'ai';
import { AgentContextError } from '../../errors.js';

interface ModelLike {
  specificationVersion: string;
  provider: string;
  modelId: string;
  supportedUrls: unknown;
  doGenerate(params: unknown): PromiseLike<unknown>;
  doStream(params: unknown): PromiseLike<unknown>;
}

/**
 * Apply a middleware's `transformParams` to a model and keep the model's own specification version.
 *
 * The SDK's `wrapLanguageModel` returns a model of its own major's specification (v4 in ai 7, v3 in
 * ai 6), so the adapter cannot import it from `ai` and serve both majors. This wrapper forwards every
 * call to the inner model unchanged except for the transformed parameters, so a v3 model stays v3
 * for ai 6 and a v4 model stays v4 for ai 7.
 *
 * Throws `invalid-option` for a model id string (a global-provider shortcut): the adapter needs the
 * model instance to see each call. Pass e.g. `gateway('openai/gpt-5')` or `anthropic('claude-...')`.
 */
export function wrapModel<Model extends LanguageModel>(
  model: Model,
  middleware: LanguageModelMiddleware,
): Model {
  assertModelInstance(model);
  const inner = model as unknown as ModelLike;
  const transform = middleware.transformParams;
  const prepare = async (params: unknown, type: 'generate' | 'stream') =>
    transform ? await transform({ params: params as never, type, model: inner as never }) : params;
  const wrapped: ModelLike = {
    specificationVersion: inner.specificationVersion,
    provider: inner.provider,
    modelId: inner.modelId,
    get supportedUrls() {
      return inner.supportedUrls;
    },
    doGenerate: async (params) => inner.doGenerate(await prepare(params, 'generate')),
    doStream: async (params) => inner.doStream(await prepare(params, 'stream')),
  };
  return wrapped as unknown as Model;
}

/** Throw `invalid-option` unless `model` is a model instance (an object), naming the fix. */
export function assertModelInstance(model: unknown): void {
  if (model !== null && typeof model === 'object') return;
  throw new AgentContextError(
    `agent-context needs a language model instance to place context on each call, but got ${JSON.stringify(model)}. Pass a provider model such as gateway(${JSON.stringify(model)}).`,
    { code: 'invalid-option', reason: 'model id string instead of a model instance' },
  );
}
