import { join } from 'node:path';
import { loadAgentContext, loadAgentContextTesting } from '../../library.js';
import type { NestedSide } from './nested-side.js';

/**
 * agent-context's nested instructions through its public API, the way an adapter drives it for a
 * host's own tools: one `createContextSession({ workspace: recordingWorkspace(localWorkspace(root)),
 * capabilities: [nestedInstructions({ filenames: ['AGENTS.md', 'CLAUDE.md'], formats: [] })] })` and
 * `startRun()` per session (the same two names as every other side and the bounds, and no rule
 * formats, so each looks for the same files; the rest at its default: chain scope, contents,
 * after-tool-result), then per touch
 * `session.afterToolCall({ id, toolName: 'read_file' | 'list_directory', input: { path } }, { output, isError: false })`.
 * With `defaultNames`, `nestedInstructions()` at its defaults (every format's per-directory names and
 * rule folders). The surfaced files are the `loaded` events with reason `nested` emitted during the call. The
 * workspace is contained (the default), so every path is checked against the root as users get it.
 */
export async function agentContextSide(
  settings: { defaultNames?: boolean } = {},
): Promise<NestedSide | undefined> {
  const library = await loadAgentContext();
  const testing = await loadAgentContextTesting();
  // While the library is being written, a missing API leaves the side out instead of failing the run.
  if (typeof library.nestedInstructions !== 'function' || typeof library.createContextSession !== 'function')
    return undefined;
  const defaults = settings.defaultNames === true;
  return {
    name: defaults ? 'agent-context, default names' : 'agent-context',
    calls:
      "`agent-context`: per session `createContextSession({ workspace: recordingWorkspace(localWorkspace(root)), capabilities: [nestedInstructions({ filenames: ['AGENTS.md', 'CLAUDE.md'], formats: [] })] })`, `startRun()`; per touch `session.afterToolCall({ id, toolName: 'read_file' | 'list_directory', input: { path } }, { output: 'ok', isError: false })`, surfaced files from `loaded` events (reason `nested`)",
    async create(root) {
      const workspace = testing.recordingWorkspace(library.localWorkspace(root));
      const session = library.createContextSession({
        workspace,
        // The names every side looks for; the default adds the other assistants' files (GEMINI.md, ...)
        // and their rule folders of subfolders (.cursor/rules, ...): `formats: []` reads no rules.
        // With `defaultNames`, every format's names and rule folders, as users get it.
        capabilities: [
          defaults
            ? library.nestedInstructions()
            : library.nestedInstructions({ filenames: ['AGENTS.md', 'CLAUDE.md'], formats: [] }),
        ],
      });
      let surfaced: string[] = [];
      session.on((event) => {
        if (event.type === 'loaded' && event.reason === 'nested' && event.path !== undefined) {
          surfaced.push(join(root, event.path));
        }
      });
      await session.startRun();
      let calls = 0;
      return {
        async touch(absolutePath, event) {
          surfaced = [];
          calls += 1;
          await session.afterToolCall(
            {
              id: `call_${calls}`,
              toolName: event.kind === 'directory' ? 'list_directory' : 'read_file',
              input: { path: absolutePath },
            },
            { output: 'ok', isError: false },
          );
          return surfaced;
        },
        workspaceCalls: () => workspace.calls.length,
      };
    },
  };
}
