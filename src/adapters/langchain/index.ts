export { subAgentToolName, subAgentToolsDefaults } from '../kit/index.js';
export {
  type ContextMiddlewareOptions,
  contextMiddleware,
  contextMiddlewareName,
  type InvocationRuntime,
} from './context-middleware.js';
export {
  type DeepagentsBackend,
  type DeepagentsFileInfo,
  type DeepagentsWorkspaceOptions,
  deepagentsWorkspace,
} from './deepagents-workspace.js';
export { type SubAgentToolsOptions, subAgentTools } from './sub-agent-tools.js';
