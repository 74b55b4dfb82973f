export {
  type ContextExtensionOptions,
  contextExtension,
  type PiSessionInfo,
  type PiSessionSource,
} from './context-extension.js';
