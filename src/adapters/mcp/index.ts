export {
  type ContextMcpServer,
  type ContextMcpServerOptions,
  type ContextMcpServers,
  contextMcpServers,
  createContextMcpServer,
} from './context-mcp-server.js';
export { projectInstructionsUri } from './instruction-resources.js';
