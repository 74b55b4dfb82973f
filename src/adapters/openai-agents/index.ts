export { type AgentsCall, type RunWithContextOptions, runWithContext } from './run-with-context.js';
export {
  type SubAgentToolsOptions,
  subAgentToolName,
  subAgentTools,
  subAgentToolsDefaults,
} from './sub-agent-tools.js';
