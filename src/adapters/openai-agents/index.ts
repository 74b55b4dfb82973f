export { type AgentsCall, type RunWithContextOptions, runWithContext } from './run-with-context.js';
