import type { ReadFileOptions, Workspace, WriteFileOptions } from './workspace.js';

/** One call recorded by {@link recordingWorkspace}. */
export interface RecordedCall {
  method: 'stat' | 'readdir' | 'realpath' | 'readFile' | 'writeFile' | 'removeFile';
  /** The path as the caller passed it. */
  path: string;
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
 * read and for benchmarks that count file-system calls per operation. Behaviour is unchanged.
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
  const { writeFile, removeFile } = inner;
  if (writeFile) {
    workspace.writeFile = track(
      'writeFile',
      (path: string, data: string | Uint8Array, options?: WriteFileOptions) =>
        writeFile.call(inner, path, data, options),
    );
  }
  if (removeFile) workspace.removeFile = track('removeFile', (path: string) => removeFile.call(inner, path));
  return workspace;
}
