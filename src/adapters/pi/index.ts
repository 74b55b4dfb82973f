export { subAgentToolName, subAgentToolsDefaults } from '../kit/index.js';
export { type ContextExtensionOptions, contextExtension, type PiSessionInfo } from './context-extension.js';
export {
  type PiBuiltInToolName,
  type PiModel,
  piBuiltInToolRoles,
  type SubAgentToolsOptions,
  subAgentTools,
} from './sub-agent-tools.js';
