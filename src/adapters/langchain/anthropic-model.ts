/**
 * True for an Anthropic chat model: `ChatAnthropic`, or a model from `initChatModel` (or a
 * `provider:model` string) whose provider is `anthropic`. Other models are never given Anthropic-only
 * content-block keys by default.
 */
export function isAnthropicModel(model: unknown): boolean {
  const candidate = model as { getName?: () => string; _defaultConfig?: { modelProvider?: string } };
  if (typeof candidate?.getName !== 'function') return false;
  const name = candidate.getName();
  if (name === 'ChatAnthropic') return true;
  return name === 'ConfigurableModel' && candidate._defaultConfig?.modelProvider === 'anthropic';
}
