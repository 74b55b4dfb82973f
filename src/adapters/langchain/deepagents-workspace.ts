import { fileLayerWorkspace } from '../../workspace/file-layer-workspace.js';
import type { EntryKind, Workspace } from '../../workspace/workspace.js';

type MaybePromise<Value> = Value | Promise<Value>;

/** One entry of a deepagents listing (`FileInfo`). */
export interface DeepagentsFileInfo {
  path: string;
  is_dir?: boolean;
  size?: number;
  modified_at?: string;
}

/**
 * The part of a deepagents backend (`BackendProtocolV2`: `FilesystemBackend`, `StoreBackend`, a
 * sandbox backend, a `CompositeBackend`) that {@link deepagentsWorkspace} uses. Any backend of
 * deepagents 1.9 or newer has it; the type is written here so the adapter needs no deepagents import.
 */
export interface DeepagentsBackend {
  ls(path: string): MaybePromise<{ error?: string; files?: DeepagentsFileInfo[] }>;
  readRaw(path: string): MaybePromise<{ error?: string; data?: { content: string | string[] | Uint8Array } }>;
  write?(path: string, content: string): MaybePromise<{ error?: string }>;
  delete?(path: string): MaybePromise<{ error?: string }>;
}

/** Options of {@link deepagentsWorkspace}. */
export interface DeepagentsWorkspaceOptions {
  /** The agent's working directory, absolute in the backend's paths or relative to `/`. Default `/`. */
  cwd?: string;
  /** Give the workspace `writeFile` and `removeFile` (through the backend's `write` and `delete`). Default `true`. */
  writable?: boolean;
}

/**
 * An agent-context {@link Workspace} over a LangChain deepagents backend, so a deep agent and
 * agent-context read and write the same files (a `FilesystemBackend` in virtual mode, a
 * `StoreBackend`, a remote sandbox backend).
 *
 * Paths are the backend's own (`/` is its root). The backend has no `stat`, so one is answered by
 * listing the parent directory: `stat` is one backend call, `readFile` and `readdir` two. The
 * backend's containment applies (a `FilesystemBackend` in virtual mode refuses links that leave its
 * root, and does not follow links to files); lexical escapes are refused here before any call.
 * Writes are text: bytes are decoded as UTF-8 (offloaded results and authored modules are text).
 * No `createFile`: the backend protocol's `write` always replaces, so an exclusive write is a listing
 * first and then the write (two calls, not atomic against another writer).
 *
 * @example
 * const backend = new FilesystemBackend({ rootDir: '/repo', virtualMode: true });
 * const session = createContextSession({ workspace: deepagentsWorkspace(backend), capabilities: [projectInstructions()] });
 */
export function deepagentsWorkspace(
  backend: DeepagentsBackend,
  options: DeepagentsWorkspaceOptions = {},
): Workspace {
  const listing = async (path: string): Promise<Array<{ name: string; info: DeepagentsFileInfo }>> => {
    const result = await backend.ls(path);
    if (result.error !== undefined) throw new Error(result.error);
    return (result.files ?? []).map((info) => ({ name: baseName(info.path), info }));
  };
  const kindOf = (info: DeepagentsFileInfo): EntryKind => (info.is_dir ? 'directory' : 'file');
  const write = backend.write;
  const remove = backend.delete;
  const writable = options.writable ?? true;
  return fileLayerWorkspace(
    {
      async stat(path) {
        if (path === '/') return { kind: 'directory', size: 0, modifiedMs: 0 };
        const name = baseName(path);
        const entry = (await listing(parentOf(path))).find((candidate) => candidate.name === name);
        if (entry === undefined) return undefined;
        const modified =
          entry.info.modified_at === undefined ? Number.NaN : Date.parse(entry.info.modified_at);
        return {
          kind: kindOf(entry.info),
          size: entry.info.size ?? 0,
          modifiedMs: Number.isNaN(modified) ? 0 : modified,
        };
      },
      async list(path) {
        return (await listing(path)).map(({ name, info }) => ({ name, kind: kindOf(info) }));
      },
      async read(path) {
        const result = await backend.readRaw(path);
        if (result.error !== undefined || result.data === undefined) {
          throw new Error(result.error ?? `No content for ${path}`);
        }
        const { content } = result.data;
        if (typeof content === 'string') return new TextEncoder().encode(content);
        if (Array.isArray(content)) return new TextEncoder().encode(content.join('\n'));
        return content;
      },
      ...(writable && write !== undefined
        ? {
            async write(path: string, bytes: Uint8Array) {
              const result = await write.call(backend, path, new TextDecoder().decode(bytes));
              if (result.error !== undefined) throw new Error(result.error);
            },
          }
        : {}),
      ...(writable && remove !== undefined
        ? {
            async remove(path: string) {
              const result = await remove.call(backend, path);
              if (result.error !== undefined) throw new Error(result.error);
            },
          }
        : {}),
    },
    { root: '/', ...(options.cwd === undefined ? {} : { cwd: options.cwd }) },
  );
}

/** The last segment of a backend path (directories end with `/` in deepagents listings). */
function baseName(path: string): string {
  const trimmed = path.endsWith('/') ? path.slice(0, -1) : path;
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

function parentOf(path: string): string {
  const index = path.lastIndexOf('/');
  return index <= 0 ? '/' : path.slice(0, index);
}
