import type { ChildProcess } from 'node:child_process';
import { childProcessModule } from '../shared/load-on-first-use.js';
import { CappedOutput } from './capped-output.js';
import { commandLaunch } from './command-line.js';
import { killProcessGroup, trackProcessGroup } from './live-process-groups.js';
import { processDefaults } from './process-defaults.js';

/** Options of {@link runProcess}. */
export interface RunProcessOptions {
  /** The command line. Plain words start directly; anything else runs as `sh -c COMMAND`. */
  command: string;
  /** Working directory of the process (callers pass the workspace root). */
  cwd: string;
  /** Written to stdin, which is then closed. Default: nothing (stdin is closed at once). */
  input?: string;
  /**
   * Variables set on top of the host's own environment (a value of `undefined` removes one). The
   * process gets the host's environment: it runs with the host's rights. Default: none (the host's
   * environment as it is).
   */
  env?: Readonly<Record<string, string | undefined>>;
  /** Time limit, in milliseconds; then the whole process group is killed. @default 60000 */
  timeoutMs?: number;
  /** Bytes kept of stdout, and of stderr; the rest is counted and cut visibly. @default 65536 */
  maxOutputBytes?: number;
  /** The owner of the process (a run, a session): when it aborts, the whole group is killed. Default: none (only `timeoutMs` ends it). */
  signal?: AbortSignal;
}

/** Why a process did not end by itself with an exit code. Every failure is typed, none throws. */
export type ProcessFailure =
  /** It ran past `timeoutMs`: its group was killed. */
  | { type: 'timeout'; timeoutMs: number }
  /** It ended by a signal nobody here sent (`kill -9` from inside, a crash). */
  | { type: 'signal'; signal: NodeJS.Signals }
  /** One stream passed {@link outputFloodFactor} times `maxOutputBytes`: its group was killed. */
  | { type: 'output-flood'; stream: 'stdout' | 'stderr'; limitBytes: number }
  /** Its owner's signal aborted: its group was killed. */
  | { type: 'aborted' }
  /** It could not be started (no such program, not executable, bad working directory). */
  | { type: 'spawn-failed'; message: string };

/** What {@link runProcess} gives back: always a result, never a throw. */
export interface ProcessResult {
  /** The command line as given. */
  command: string;
  /** Whether it started directly or through `sh -c`. */
  launch: 'direct' | 'shell';
  /** The exit code; `null` when it ended by a signal, was killed, or never started. */
  exitCode: number | null;
  /** The kept stdout (UTF-8), ending with a `[truncated: N bytes of stdout omitted]` line when cut. */
  stdout: string;
  /** The kept stderr, cut the same way. */
  stderr: string;
  /** Bytes each stream produced in all, kept or not. */
  outputBytes: { stdout: number; stderr: number };
  /** Set when the process did not end by itself with an exit code. */
  failure?: ProcessFailure;
}

/**
 * A stream that passes this many times `maxOutputBytes` is a flood: the process is killed rather
 * than read to the end (a hook printing without end would otherwise spin until its time limit).
 */
export const outputFloodFactor = 16;

/** After the process itself exited, how long its pipes may stay open (held by an escaped child). */
const pipeGraceMs = 1_000;

/**
 * Run one command line as a child process that cannot hurt the host:
 *
 * 1. It starts in its own process group (and session), with `cwd` as working directory and the
 *    host's environment plus `env`. Plain words start directly; a line that needs a shell runs as
 *    `sh -c COMMAND` (see {@link commandLaunch}).
 * 2. `input` is written to its stdin, which is then closed.
 * 3. stdout and stderr are read to the end; the first `maxOutputBytes` of each are kept and the cut
 *    is marked visibly. A stream that floods kills the group.
 * 4. On timeout, when `signal` aborts, and when the host process exits, the whole group is killed
 *    with SIGKILL. When the process exits by itself, whatever it left running in its group (a
 *    forked child) is killed too: nothing it started outlives it.
 *
 * Never throws and never rejects: a hang, a flood, a fork or a death by signal is a typed
 * {@link ProcessFailure} on the result. A process that leaves its group on purpose (`setsid`) is out
 * of reach; so is everything when the host itself is killed by SIGKILL.
 *
 * @example
 * const result = await runProcess({ command: 'git status --short', cwd: root, timeoutMs: 5_000 });
 * if (result.failure === undefined && result.exitCode === 0) console.log(result.stdout);
 */
export function runProcess(options: RunProcessOptions): Promise<ProcessResult> {
  const timeoutMs = options.timeoutMs ?? processDefaults.timeoutMs;
  const maxOutputBytes = options.maxOutputBytes ?? processDefaults.maxOutputBytes;
  const launch = commandLaunch(options.command);
  const stdout = new CappedOutput(maxOutputBytes, 'stdout');
  const stderr = new CappedOutput(maxOutputBytes, 'stderr');
  const result = (exitCode: number | null, failure: ProcessFailure | undefined): ProcessResult => ({
    command: options.command,
    launch: launch.type,
    exitCode,
    stdout: stdout.text(),
    stderr: stderr.text(),
    outputBytes: { stdout: stdout.total, stderr: stderr.total },
    ...(failure === undefined ? {} : { failure }),
  });

  if (options.signal?.aborted === true) return Promise.resolve(result(null, { type: 'aborted' }));

  return new Promise((resolve) => {
    let child: ChildProcess;
    try {
      child = childProcessModule().spawn(launch.file, launch.args, {
        cwd: options.cwd,
        env: environment(options.env),
        detached: true,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
    } catch (error) {
      resolve(result(null, { type: 'spawn-failed', message: (error as Error).message }));
      return;
    }

    let failure: ProcessFailure | undefined;
    let settled = false;
    let untrack = () => {};
    const groupId = child.pid;
    if (groupId !== undefined) untrack = trackProcessGroup(groupId);

    const kill = (reason: ProcessFailure) => {
      failure ??= reason;
      if (groupId !== undefined) killProcessGroup(groupId);
    };
    const timer = setTimeout(() => kill({ type: 'timeout', timeoutMs }), timeoutMs);
    const onAbort = () => kill({ type: 'aborted' });
    options.signal?.addEventListener('abort', onAbort, { once: true });
    let graceTimer: NodeJS.Timeout | undefined;

    const finish = (exitCode: number | null, signal: NodeJS.Signals | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(graceTimer);
      options.signal?.removeEventListener('abort', onAbort);
      if (groupId !== undefined) killProcessGroup(groupId);
      untrack();
      if (failure === undefined && signal !== null) failure = { type: 'signal', signal };
      resolve(result(failure === undefined ? exitCode : null, failure));
    };

    const limitBytes = maxOutputBytes * outputFloodFactor;
    const read = (output: CappedOutput, stream: 'stdout' | 'stderr') => (chunk: Buffer) => {
      output.add(chunk);
      if (output.total > limitBytes) kill({ type: 'output-flood', stream, limitBytes });
    };
    child.stdout?.on('data', read(stdout, 'stdout'));
    child.stderr?.on('data', read(stderr, 'stderr'));

    child.on('error', (error) => {
      // Spawning failed (ENOENT, EACCES): there is no process and no exit event.
      if (child.pid === undefined) {
        failure ??= { type: 'spawn-failed', message: error.message };
        finish(null, null);
      }
    });
    child.on('exit', (exitCode, signal) => {
      // Kill what the process left in its group, so its pipes close; then wait for them, briefly.
      if (groupId !== undefined) killProcessGroup(groupId);
      graceTimer = setTimeout(() => {
        child.stdout?.destroy();
        child.stderr?.destroy();
        finish(exitCode, signal);
      }, pipeGraceMs);
      child.once('close', () => finish(exitCode, signal));
    });

    // A process that exits without reading its input must not fail the host with EPIPE.
    child.stdin?.on('error', () => {});
    child.stdin?.end(options.input ?? '');
  });
}

function environment(extra: RunProcessOptions['env']): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const [name, value] of Object.entries(extra ?? {})) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}
