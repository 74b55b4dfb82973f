import type { LanguageModelMiddleware } from 'ai';
import { languageModelCommandFormat } from '../kit/index.js';

/** What a language model receives for one call (the same shape in the ai 6 and ai 7 specifications). */
export type ModelCallParams = Parameters<
  NonNullable<LanguageModelMiddleware['transformParams']>
>[0]['params'];

/** One message of a model call's prompt. */
export type PromptMessage = ModelCallParams['prompt'][number];

/** The AI SDK's user messages for the kit's command expansion (the kit's language-model prompt format). */
export const promptCommandFormat = languageModelCommandFormat<PromptMessage>();
