export { type ContextExtensionOptions, contextExtension, type PiSessionInfo } from './context-extension.js';
export {
  type PiBuiltInToolName,
  type PiModel,
  piBuiltInToolRoles,
  type SubAgentToolsOptions,
  subAgentToolName,
  subAgentTools,
  subAgentToolsDefaults,
} from './sub-agent-tools.js';
