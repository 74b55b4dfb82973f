export { maxCacheBreakpoints } from './cache-breakpoints.js';
export type { AiSdkContextOptions, HostCallSettings } from './compose-call.js';
export { type ContextCallOptions, contextCallOptions } from './context-call-options.js';
export { type ContextMiddlewareOptions, contextMiddleware } from './context-middleware.js';
export type { CacheControl, HostInstructions } from './instruction-messages.js';
export { type AgentSettingsLike, type SessionSource, withContext } from './with-context.js';
export { wrapModel } from './wrap-model.js';
