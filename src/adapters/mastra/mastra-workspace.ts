import type { WorkspaceFilesystem } from '@mastra/core/workspace';
import { fileLayerWorkspace } from '../../workspace/file-layer-workspace.js';
import { outsideWorkspaceError } from '../../workspace/paths.js';
import type { Workspace } from '../../workspace/workspace.js';

/** Options of {@link mastraWorkspace}. */
export interface MastraWorkspaceOptions {
  /** The agent's working directory, relative to the filesystem's root. Default: its root. */
  cwd?: string;
}

/**
 * An agent-context {@link Workspace} over a Mastra workspace's filesystem (`LocalFilesystem`, or any
 * `WorkspaceFilesystem` a provider ships), so an agent that already has a Mastra `Workspace` gets
 * every agent-context feature through the same file layer. Pass the Mastra `Workspace` or its
 * `filesystem`.
 *
 * The workspace root is the filesystem's root, `/` here; each path is given to the filesystem
 * relative to it (`/packages/app` as `packages/app`), as Mastra's own tools do. Each operation is one
 * or two filesystem calls (`realpath` when the filesystem has one, then `stat`, `readdir` or
 * `readFile`). The filesystem's containment applies, and a real path outside its root is refused
 * here too. A read-only filesystem gives a read-only workspace. `createFile` is Mastra's
 * `writeFile` with `overwrite: false` (exclusive where the filesystem makes it so: `LocalFilesystem`
 * opens with `wx`).
 *
 * Mastra's filesystem API does not tell a FIFO, socket or device from a file: over a
 * `LocalFilesystem`, prefer `localWorkspace(filesystem.basePath)`, which never opens one.
 *
 * @example
 * const mastra = new Workspace({ filesystem: new LocalFilesystem({ basePath: '/repo' }) });
 * const session = createContextSession({ workspace: mastraWorkspace(mastra), capabilities: [projectInstructions()] });
 */
export function mastraWorkspace(
  source: WorkspaceFilesystem | { readonly filesystem?: WorkspaceFilesystem | undefined },
  options: MastraWorkspaceOptions = {},
): Workspace {
  const filesystem = 'readFile' in source ? source : source.filesystem;
  if (filesystem === undefined) {
    throw new TypeError('mastraWorkspace: the Mastra workspace has no filesystem.');
  }
  const relative = (path: string) => (path === '/' ? '.' : path.slice(1));
  return fileLayerWorkspace(
    {
      async stat(path) {
        const found = await filesystem.stat(relative(path));
        return {
          kind: found.type,
          size: found.size,
          modifiedMs: found.modifiedAt instanceof Date ? found.modifiedAt.getTime() : 0,
        };
      },
      async list(path) {
        const entries = await filesystem.readdir(relative(path));
        return entries.map((entry) => ({ name: entry.name, kind: entry.isSymlink ? 'symlink' : entry.type }));
      },
      async read(path) {
        const content = await filesystem.readFile(relative(path));
        return typeof content === 'string' ? new TextEncoder().encode(content) : new Uint8Array(content);
      },
      ...(filesystem.realpath === undefined
        ? {}
        : {
            async realpath(path: string) {
              try {
                const real = await filesystem.realpath!(relative(path));
                return real.startsWith('/') ? real : `/${real === '.' ? '' : real}`;
              } catch (error) {
                if (isMissing(error)) return undefined;
                // Mastra refuses a path whose real path leaves its root: say so in agent-context's words.
                if (codeOf(error) === 'EACCES') throw outsideWorkspaceError(path, '/', 'its real path is');
                throw error;
              }
            },
          }),
      ...(filesystem.readOnly
        ? {}
        : {
            write: (path: string, bytes: Uint8Array) =>
              filesystem.writeFile(relative(path), bytes, { recursive: true, overwrite: true }),
            // `overwrite: false` is Mastra's create-only write (`FileExistsError`, code `EEXIST`).
            create: (path: string, bytes: Uint8Array) =>
              filesystem.writeFile(relative(path), bytes, { recursive: true, overwrite: false }),
            remove: (path: string) => filesystem.deleteFile(relative(path)),
          }),
      isMissing,
    },
    { root: '/', ...(options.cwd === undefined ? {} : { cwd: options.cwd }) },
  );
}

/** Mastra's missing-path errors: `FileNotFoundError`, `DirectoryNotFoundError` (code `ENOENT`). */
function isMissing(error: unknown): boolean {
  return codeOf(error) === 'ENOENT';
}

function codeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'code' in error
    ? (error as { code: unknown }).code
    : undefined;
}
