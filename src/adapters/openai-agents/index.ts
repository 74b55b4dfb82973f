export { subAgentToolName, subAgentToolsDefaults } from '../kit/index.js';
export { type AgentsCall, type RunWithContextOptions, runWithContext } from './run-with-context.js';
export { type SubAgentToolsOptions, subAgentTools } from './sub-agent-tools.js';
