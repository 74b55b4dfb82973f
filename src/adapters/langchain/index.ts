export {
  type ContextMiddlewareOptions,
  contextMiddleware,
  contextMiddlewareName,
  type InvocationRuntime,
  type SessionSource,
} from './context-middleware.js';
export type { CacheControl } from './system-message.js';
