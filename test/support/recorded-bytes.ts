import type { Workspace } from '../../src/workspace/workspace.js';

/**
 * `workspace` recording the byte count of every file read, through `readFile` and through the
 * contents a listing (`listDirectories`) returns, so a test can bound what a scan reads either way.
 */
export function recordingBytesRead(workspace: Workspace, bytesRead: number[]): Workspace {
  const { listDirectories } = workspace;
  return {
    ...workspace,
    readFile: async (requested, options) => {
      const result = await workspace.readFile(requested, options);
      bytesRead.push(result.bytes.length);
      return result;
    },
    ...(listDirectories === undefined
      ? {}
      : {
          listDirectories: async (requests) => {
            const outcomes = await listDirectories.call(workspace, requests);
            for (const outcome of outcomes) {
              if (!outcome.ok) continue;
              for (const entry of outcome.value.entries) {
                if (entry.contents !== undefined) bytesRead.push(entry.contents.bytes.length);
              }
            }
            return outcomes;
          },
        }),
    readFiles: undefined,
    statPaths: undefined,
  };
}

/** `workspace` without its batch operations: every feature then asks it one path at a time. */
export function withoutBatches(workspace: Workspace): Workspace {
  const { statPaths: _stat, readFiles: _read, listDirectories: _list, ...single } = workspace;
  return single;
}
