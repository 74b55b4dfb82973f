export type { CommandPrompt } from './command-prompts.js';
export {
  type ContextMcpServer,
  type ContextMcpServerOptions,
  createContextMcpServer,
} from './context-mcp-server.js';
export { projectInstructionsUri } from './instruction-resources.js';
