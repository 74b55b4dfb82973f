import type { ReadFileOptions, Workspace, WriteFileOptions } from './workspace.js';

/** One call recorded by {@link recordingWorkspace}. */
export interface RecordedCall {
  method:
    | 'stat'
    | 'readdir'
    | 'realpath'
    | 'readFile'
    | 'writeFile'
    | 'createFile'
    | 'removeFile'
    | 'statPaths'
    | 'readFiles'
    | 'listDirectories';
  /** The path as the caller passed it (the first one of a batch; `''` for an empty batch). */
  path: string;
  /** Every path of a batch, in order (batch operations only). */
  paths?: string[];
  /** The absolute path it resolved to, or `undefined` when resolution refused it. */
  resolved: string | undefined;
}

/** A workspace that records every call it forwards. */
export interface RecordingWorkspace extends Workspace {
  /** Every call so far, in order. */
  readonly calls: RecordedCall[];
  /** Forget the calls so far. */
  clearCalls(): void;
}

/**
 * Wrap a workspace so every file-system call is recorded, for tests that assert which paths were
 * read and for benchmarks that count file-system calls per operation. Behaviour is unchanged. A batch
 * operation (present when `inner` has it) is one recorded call, `paths` holding every path asked.
 */
export function recordingWorkspace(inner: Workspace): RecordingWorkspace {
  const calls: RecordedCall[] = [];
  const record = (method: RecordedCall['method'], path: string) => {
    let resolved: string | undefined;
    try {
      resolved = inner.resolve(path);
    } catch {
      resolved = undefined;
    }
    calls.push({ method, path, resolved });
  };
  /** Record the call, then forward it. */
  const track =
    <Arguments extends [string, ...unknown[]], Result>(
      method: RecordedCall['method'],
      forward: (...args: Arguments) => Result,
    ) =>
    (...args: Arguments): Result => {
      record(method, args[0]);
      return forward(...args);
    };
  const workspace: RecordingWorkspace = {
    root: inner.root,
    cwd: inner.cwd,
    calls,
    clearCalls: () => {
      calls.length = 0;
    },
    resolve: (path) => inner.resolve(path),
    stat: track('stat', (path: string) => inner.stat(path)),
    readdir: track('readdir', (path: string) => inner.readdir(path)),
    realpath: track('realpath', (path: string) => inner.realpath(path)),
    readFile: track('readFile', (path: string, options?: ReadFileOptions) => inner.readFile(path, options)),
  };
  const { writeFile, createFile, removeFile } = inner;
  if (writeFile) {
    workspace.writeFile = track(
      'writeFile',
      (path: string, data: string | Uint8Array, options?: WriteFileOptions) =>
        writeFile.call(inner, path, data, options),
    );
  }
  if (createFile) {
    workspace.createFile = track('createFile', (path: string, data: string | Uint8Array) =>
      createFile.call(inner, path, data),
    );
  }
  if (removeFile) workspace.removeFile = track('removeFile', (path: string) => removeFile.call(inner, path));
  // A batch is one call (one round trip on a remote workspace), recorded with all its paths.
  const recordBatch = (method: RecordedCall['method'], paths: readonly string[]) => {
    record(method, paths[0] ?? '');
    calls[calls.length - 1]!.paths = [...paths];
  };
  const { statPaths, readFiles, listDirectories } = inner;
  if (statPaths) {
    workspace.statPaths = (paths) => {
      recordBatch('statPaths', paths);
      return statPaths.call(inner, paths);
    };
  }
  if (readFiles) {
    workspace.readFiles = (paths, options) => {
      recordBatch('readFiles', paths);
      return readFiles.call(inner, paths, options);
    };
  }
  if (listDirectories) {
    workspace.listDirectories = (requests) => {
      recordBatch(
        'listDirectories',
        requests.map((request) => request.path),
      );
      return listDirectories.call(inner, requests);
    };
  }
  return workspace;
}
