export {
  type ContextProcessorOptions,
  contextProcessor,
  contextProcessorId,
  instructionsTag,
  type MastraCall,
} from './context-processor.js';
export { type MastraWorkspaceOptions, mastraWorkspace } from './mastra-workspace.js';
export {
  type SubAgentToolsOptions,
  subAgentToolName,
  subAgentTools,
  subAgentToolsDefaults,
} from './sub-agent-tools.js';
