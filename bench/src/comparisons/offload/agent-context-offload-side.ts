import { join } from 'node:path';
import { loadAgentContext } from '../../library.js';
import type { OffloadSide } from './offload-side.js';

/**
 * agent-context's offload through its public API, with its defaults (over 20,000 characters,
 * `.context/`, 1,000-character head-and-tail preview, `read_file` excluded):
 * `createContextSession({ workspace: localWorkspace(root), capabilities: [filesystemContext({ offload: true })] })`,
 * `startRun()`, then per call `session.afterToolCall(call, { output, isError: false })`. Where the
 * whole result went is taken from the `offloaded` event of the call.
 */
export async function agentContextOffloadSide(): Promise<OffloadSide | undefined> {
  const library = await loadAgentContext();
  if (typeof library.filesystemContext !== 'function' || typeof library.createContextSession !== 'function')
    return undefined;
  return {
    name: 'agent-context (default: over 20,000 chars)',
    thresholdChars: 20_000,
    calls:
      '`agent-context`: `createContextSession({ workspace: localWorkspace(root), capabilities: [filesystemContext({ offload: true })] })`, `startRun()`, per call `session.afterToolCall({ id, toolName, input }, { output, isError: false })`',
    async create(root) {
      const session = library.createContextSession({
        workspace: library.localWorkspace(root),
        capabilities: [library.filesystemContext({ offload: true })],
      });
      let savedTo: string | undefined;
      session.on((event) => {
        if (event.type === 'offloaded' && event.path !== undefined) savedTo = join(root, event.path);
      });
      await session.startRun();
      return {
        async handle(call) {
          savedTo = undefined;
          const result = await session.afterToolCall(
            { id: call.id, toolName: call.toolName, input: call.input },
            { output: call.output, isError: false },
          );
          const transcriptText =
            typeof result.output === 'string' ? result.output : JSON.stringify(result.output);
          return { transcriptText, savedTo };
        },
      };
    },
  };
}
