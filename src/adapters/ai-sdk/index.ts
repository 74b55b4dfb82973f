export { subAgentToolName, subAgentToolsDefaults } from '../kit/index.js';
export type { AiSdkContextOptions, HostCallSettings } from './compose-call.js';
export { type ContextCallOptions, contextCallOptions } from './context-call-options.js';
export { type ContextModelMiddlewareOptions, contextModelMiddleware } from './context-model-middleware.js';
export type { HostInstructions } from './instruction-messages.js';
export { type SubAgentToolsOptions, subAgentTools } from './sub-agent-tools.js';
export { type AgentCall, type AgentSettingsLike, withContext } from './with-context.js';
export { wrapModel } from './wrap-model.js';
