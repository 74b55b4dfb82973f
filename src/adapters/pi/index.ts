export { type ContextExtensionOptions, contextExtension, type PiSessionInfo } from './context-extension.js';
