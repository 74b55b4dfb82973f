export {
  type ContextMiddlewareOptions,
  contextMiddleware,
  contextMiddlewareName,
  type InvocationRuntime,
} from './context-middleware.js';
