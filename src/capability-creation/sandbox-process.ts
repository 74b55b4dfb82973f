import type { ChildProcess } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AgentContextError } from '../errors.js';
import { killProcessGroup, trackProcessGroup } from '../process/live-process-groups.js';
import { watchProcessGroup } from '../process/owner-watchdog.js';
import { childProcessModule } from '../shared/load-on-first-use.js';
import type { SandboxSettings } from './capability-sandbox.js';
import { hostPackageRoot } from './compile-capability-module.js';
import type { SandboxCallback, SandboxMessage, SandboxReply, SandboxRequest } from './sandbox-protocol.js';

/** Children get a process group of their own, killed as one, except on Windows (no such groups). */
const ownGroup = process.platform !== 'win32';

/** Options of {@link startSandboxProcess}. */
export interface SandboxProcessOptions {
  /** The store directory: the only place besides module resolution paths the child may read. */
  directory: string;
  /** Heap limit of the child, in MiB (`--max-old-space-size`). */
  memoryLimitMb: number;
  /** Report which module's code runs, for attributing a hang (capability hosts). */
  attribution: boolean;
  /**
   * Answer a workspace call of authored code; `context` is what was passed with the request whose
   * code asked. Throws become an error in the child.
   */
  onCallback?(callback: SandboxCallback, context: unknown): Promise<unknown>;
}

/** Why a request to a sandboxed child got no reply. */
export type SandboxFailure =
  | { type: 'timeout'; timeoutMs: number; running: string | undefined }
  | { type: 'exit'; reason: string; running: string | undefined };

/** A request without its id: {@link SandboxProcess.request} numbers it. */
export type SandboxRequestBody = SandboxRequest extends infer Request
  ? Request extends { id: number; type: 'load' | 'call' }
    ? Omit<Request, 'id'>
    : never
  : never;

/** A running sandboxed child. See {@link startSandboxProcess}. */
export interface SandboxProcess {
  /**
   * Send a request and wait for its reply, at most `timeoutMs`; then the child is killed. `context`
   * is handed to `onCallback` for workspace calls made while the request runs.
   */
  request(
    body: SandboxRequestBody,
    timeoutMs: number,
    context?: unknown,
  ): Promise<SandboxReply | SandboxFailure>;
  /** True until the child exits. */
  readonly alive: boolean;
  /** Kill the child (SIGKILL); pending requests end with an `exit` failure. */
  kill(): void;
}

/**
 * Start a child process that runs authored code under Node's permission model: it may read only
 * the store directory and the paths modules resolve from (the agent-context package and the
 * `node_modules` folders above it), and it may not write files, start processes or workers, load
 * native addons or open the inspector. Its environment is empty (no secrets from the agent's
 * environment), its stdout is discarded and its heap is limited. Network access is not limited:
 * Node 20's permission model has no network scope. It runs in a process group of its own, killed
 * when this process exits or is ended by a signal, SIGKILL included (see {@link watchProcessGroup}),
 * and when a request passes its time limit.
 */
export async function startSandboxProcess(options: SandboxProcessOptions): Promise<SandboxProcess> {
  const entry = await sandboxEntry();
  const settings: SandboxSettings = { attribution: options.attribution };
  const args = [
    ...permissionFlags(readablePaths(options.directory, entry.file)),
    `--max-old-space-size=${Math.max(8, Math.round(options.memoryLimitMb))}`,
    '--no-warnings',
    ...(entry.file === undefined ? ['-e', entry.code] : [entry.file]),
    JSON.stringify(settings),
  ];
  const child = childProcessModule().spawn(process.execPath, args, {
    cwd: existsSync(options.directory) ? options.directory : undefined,
    env: {},
    stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'ipc'],
    serialization: 'advanced',
    // Its own process group, which dies with the agent's process however that ends (see below).
    detached: ownGroup,
  });
  if (ownGroup && child.pid !== undefined) {
    // The child leaves when its IPC channel closes, but authored code looping in it never lets it
    // see that: the group is killed on the agent's exit or terminating signal, and by a watchdog
    // when the agent's process is killed outright.
    const forget = [trackProcessGroup(child.pid), watchProcessGroup(child.pid)];
    child.on('exit', () => {
      for (const done of forget) done();
    });
  }
  // The child must never keep the agent's process alive: a pending request holds its own timer.
  child.unref();
  child.channel?.unref();
  for (const stream of [child.stderr, child.stdio[3]]) (stream as { unref?(): void } | null)?.unref?.();
  return superviseChild(child, options);
}

function superviseChild(child: ChildProcess, options: SandboxProcessOptions): Promise<SandboxProcess> {
  const waiting = new Map<number, (outcome: SandboxReply | SandboxFailure) => void>();
  const contexts = new Map<number, unknown>();
  let nextId = 1;
  let alive = true;
  let running: string | undefined;
  let stderrTail = '';
  let ready: (value: boolean) => void = () => undefined;
  const started = new Promise<boolean>((resolve) => {
    ready = resolve;
  });

  child.stderr?.on('data', (chunk: Buffer) => {
    stderrTail = (stderrTail + chunk.toString('utf8')).slice(-4_096);
  });
  child.stdio[3]?.on('data', (chunk: Buffer) => {
    const lines = chunk.toString('utf8').split('\n');
    lines.pop();
    const last = lines.at(-1);
    if (last !== undefined) running = last === '' ? undefined : last;
  });
  child.on('message', (message: SandboxMessage) => {
    if (message.type === 'ready') ready(true);
    else if (message.type === 'reply') {
      const settle = waiting.get(message.id);
      waiting.delete(message.id);
      settle?.(message);
    } else if (message.type === 'callback') void answerCallback(message);
  });
  child.on('error', () => undefined);
  child.on('exit', (code, signal) => {
    alive = false;
    ready(false);
    const reason = describeExit(code, signal, stderrTail);
    for (const settle of waiting.values()) settle({ type: 'exit', reason, running });
    waiting.clear();
  });

  const answerCallback = async (callback: SandboxCallback) => {
    let reply: SandboxRequest;
    try {
      if (options.onCallback === undefined) throw new Error('this child has no workspace');
      if (!contexts.has(callback.requestId)) throw new Error('the call that asked has ended');
      const value = await options.onCallback(callback, contexts.get(callback.requestId));
      reply = { type: 'callback-reply', id: callback.id, ok: true, value };
    } catch (error) {
      const code =
        typeof (error as { code?: unknown })?.code === 'string'
          ? (error as { code: string }).code
          : undefined;
      const message = error instanceof Error ? error.message : 'the workspace call failed';
      reply = { type: 'callback-reply', id: callback.id, ok: false, error: message, code };
    }
    if (alive) child.send(reply, () => undefined);
  };

  const handle: SandboxProcess = {
    get alive() {
      return alive;
    },
    kill() {
      // Marked dead at once, so no new request goes to a child that is being killed. The whole
      // group: the work a timed-out call started ends with it.
      if (alive) {
        if (ownGroup && child.pid !== undefined) killProcessGroup(child.pid);
        else child.kill('SIGKILL');
      }
      alive = false;
    },
    request(body, timeoutMs, context) {
      if (!alive) {
        return Promise.resolve({
          type: 'exit',
          reason: 'the sandboxed process had already ended',
          running: undefined,
        });
      }
      const id = nextId++;
      contexts.set(id, context);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          contexts.delete(id);
          resolve({ type: 'timeout', timeoutMs, running });
          handle.kill();
        }, timeoutMs);
        waiting.set(id, (outcome) => {
          clearTimeout(timer);
          contexts.delete(id);
          resolve(outcome);
        });
        child.send({ ...body, id } as SandboxRequest, (error) => {
          if (error === null || error === undefined) return;
          const settle = waiting.get(id);
          waiting.delete(id);
          settle?.({
            type: 'exit',
            reason: `the request could not be sent (${error.message})`,
            running: undefined,
          });
        });
      });
    },
  };
  // Waiting for the child's first message must not let the agent's process exit either.
  const startTimer = setTimeout(() => undefined, 60_000);
  return started.then(() => {
    clearTimeout(startTimer);
    return handle;
  });
}

function describeExit(code: number | null, signal: NodeJS.Signals | null, stderr: string): string {
  if (/heap out of memory|Allocation failed/i.test(stderr)) return 'it ran out of memory (heap limit)';
  if (/Assertion failed|node::/.test(stderr))
    return `it failed to start: ${stderr.trim().split('\n')[0]?.slice(0, 300)}`;
  if (signal !== null) return `it was ended by ${signal}`;
  return `it exited with code ${code}`;
}

/** The permission flags of this Node version: `--permission` from 22, `--experimental-permission` on 20. */
export function permissionFlags(readable: readonly string[]): string[] {
  const major = Number(process.versions.node.split('.')[0]);
  const flag = major >= 22 ? '--permission' : '--experimental-permission';
  return [flag, ...readable.map((path) => `--allow-fs-read=${path}`)];
}

/** The store directory, the agent-context package and every `node_modules` folder above it, as real paths. */
function readablePaths(directory: string, entryFile: string | undefined): string[] {
  const paths = new Set<string>();
  // A directory grants its whole tree. (A `<directory>/*` entry beside the directory itself makes
  // Node 20 abort at start.)
  const add = (path: string) => {
    for (const candidate of [path, safeRealpath(path)]) if (candidate !== undefined) paths.add(candidate);
  };
  add(directory);
  if (entryFile !== undefined) add(entryFile);
  const root = hostPackageRoot();
  if (root !== undefined) {
    add(root);
    for (let current = dirname(root); ; current = dirname(current)) {
      const modules = join(current, 'node_modules');
      if (existsSync(modules)) add(modules);
      if (dirname(current) === current) break;
    }
  }
  return [...paths];
}

function safeRealpath(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

interface SandboxEntry {
  file: string | undefined;
  code: string;
}

let cachedEntry: Promise<SandboxEntry> | undefined;

/**
 * The child's script. The published build ships it as JavaScript next to the code that uses it (or
 * one folder below, when that code was bundled into a chunk at the package root). Running from the
 * TypeScript sources (tests), the `.ts` entry is bundled with esbuild once per process and passed
 * with `-e`.
 */
function sandboxEntry(): Promise<SandboxEntry> {
  cachedEntry ??= findSandboxEntry().catch((error: unknown) => {
    cachedEntry = undefined;
    throw error;
  });
  return cachedEntry;
}

async function findSandboxEntry(): Promise<SandboxEntry> {
  for (const candidate of [
    './capability-sandbox.js',
    './capability-creation/capability-sandbox.js',
    '../capability-creation/capability-sandbox.js',
  ]) {
    const path = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(path)) return { file: path, code: '' };
  }
  const sourcePath = fileURLToPath(new URL('./capability-sandbox.ts', import.meta.url));
  if (!existsSync(sourcePath)) {
    throw new AgentContextError('The capability sandbox script is missing from the installed package.', {
      code: 'not-found',
      path: fileURLToPath(new URL('./capability-sandbox.js', import.meta.url)),
      reason: 'sandbox script missing',
    });
  }
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: [sourcePath],
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    write: false,
    logLevel: 'silent',
  });
  return { file: undefined, code: result.outputFiles[0]?.text ?? '' };
}
