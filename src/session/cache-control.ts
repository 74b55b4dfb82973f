/** An Anthropic cache breakpoint (`cache_control`), as adapters place it. */
export interface CacheControl {
  type: 'ephemeral';
  /** Cache lifetime. Default (provider side): `5m`. */
  ttl?: '5m' | '1h';
}

/**
 * Where an adapter places Anthropic cache breakpoints, the same options in every adapter that places
 * them (AI SDK, LangChain, Mastra). Both take the same shape: `true` for a `{ type: 'ephemeral' }`
 * breakpoint, a {@link CacheControl} to set its `ttl`, `false` for none. Whatever is set, a request
 * never carries more than four breakpoints: the ones the host (or another middleware) set count
 * first, then the instruction one, then the rolling one; one left out is reported once as a
 * `cache-breakpoint-limit` diagnostic.
 */
export interface CacheBreakpointOptions {
  /**
   * A breakpoint on the last instruction block, so tools, the host's prompt and every block are cached.
   * Default: on for a model that reads Anthropic markers (every model in the AI SDK and Mastra, where
   * the marker sits under `providerOptions.anthropic`; Anthropic chat models in LangChain), off otherwise.
   */
  cacheControl?: boolean | CacheControl;
  /** A breakpoint on the newest message of every model call, so the conversation is cached too. Default: as `cacheControl`. */
  rollingCacheBreakpoint?: boolean | CacheControl;
}

/** The breakpoint an option asks for: `true` is `{ type: 'ephemeral' }`, `undefined` is `fallback`. */
export function resolveCacheControl(
  option: boolean | CacheControl | undefined,
  fallback: boolean | CacheControl,
): CacheControl | false {
  const value = option ?? fallback;
  if (value === false) return false;
  return value === true ? { type: 'ephemeral' } : { ...value };
}
