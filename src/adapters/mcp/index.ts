export {
  type ContextMcpServerOptions,
  type ContextMcpServers,
  contextMcpServers,
} from './context-mcp-server.js';
export { projectInstructionsUri } from './instruction-resources.js';
