export { subAgentToolName, subAgentToolsDefaults } from '../kit/index.js';
export {
  type ContextProcessorOptions,
  contextProcessor,
  contextProcessorId,
  instructionsTag,
  type MastraCall,
} from './context-processor.js';
export { type MastraWorkspaceOptions, mastraWorkspace } from './mastra-workspace.js';
export { type SubAgentToolsOptions, subAgentTools } from './sub-agent-tools.js';
