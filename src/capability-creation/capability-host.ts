import type { Workspace } from '../workspace/workspace.js';
import { type SandboxProcess, startSandboxProcess } from './sandbox-process.js';
import type { SandboxCallback, SandboxMember } from './sandbox-protocol.js';

/** A compiled authored module the capability host can import. */
export interface HostModule {
  /** Unique per module content: the compiled file's name. */
  key: string;
  /** The capability's record name, for messages. */
  name: string;
  /** Hex SHA-256 of the module's source, to record a fault against the right bytes. */
  sourceSha256: string;
  /** The compiled file and its expected hex SHA-256 (checked by the host before import). */
  file: string;
  sha256: string;
  /** The compiled module itself, when it is not in `file` (a store that cannot be written). */
  code?: string;
  /** Tool names validation found; a module giving others in the host is refused. */
  toolNames: readonly string[];
}

/** How a call to authored code ended. `code` says why it failed. */
export type HostCallOutcome =
  | { ok: true; value: unknown; touched?: Array<{ path: string; kind?: 'file' | 'directory' }> }
  | { ok: false; code: 'capability-timeout' | 'capability-failed' | 'capability-stopped'; error: string };

/** Options of {@link createCapabilityHost}. */
export interface CapabilityHostOptions {
  /** The store directory (the host may read it). */
  directory: string;
  /** Heap limit of the host process, in MiB. */
  memoryLimitMb: number;
  /**
   * A module stopped the host (a call past its limit, an exit, a crash, a module that behaves
   * differently in the host): record `message` for it. Its later calls fail until it changes.
   */
  onFault(module: HostModule, message: string): void;
}

/** The long-lived child process that runs a store's authored capabilities. See {@link createCapabilityHost}. */
export interface CapabilityHost {
  /** Call `member` of the capability in `module` (importing it first if needed). Never throws. */
  call(
    module: HostModule,
    member: SandboxMember,
    tool: string | undefined,
    args: unknown[],
    options: { timeoutMs: number; workspace: Workspace },
  ): Promise<HostCallOutcome>;
  /** Stop the host process; the next call starts a new one. */
  close(): void;
}

/**
 * The capability host of a store: one sandboxed child process (see `startSandboxProcess`), started
 * on the first call, reused by every later call, and started again after it died. Each module is
 * imported once per host process. A call that does not answer within its limit ends as
 * `capability-timeout`: the host is killed, and the module whose code was running when it stopped
 * answering (the called one, unless another module's background work held the thread) is reported
 * through `onFault` and refused until it changes. Workspace calls of authored code are answered by
 * the `workspace` of the call that made them, so every path still goes through its containment.
 */
export function createCapabilityHost(options: CapabilityHostOptions): CapabilityHost {
  let current: Promise<SandboxProcess> | undefined;
  let loaded = new Map<string, Promise<HostCallOutcome>>();
  const modules = new Map<string, HostModule>();
  const faulted = new Map<string, string>();

  const processFor = async (): Promise<SandboxProcess> => {
    const existing = current === undefined ? undefined : await current;
    if (existing?.alive) return existing;
    loaded = new Map();
    current = startSandboxProcess({
      directory: options.directory,
      memoryLimitMb: options.memoryLimitMb,
      attribution: true,
      onCallback: (callback, context) => answerWorkspace(callback, context as Workspace),
    });
    return current;
  };

  const fault = (module: HostModule, message: string): HostCallOutcome & { ok: false } => {
    faulted.set(module.key, message);
    options.onFault(module, message);
    return { ok: false, code: 'capability-stopped', error: message };
  };

  const load = (child: SandboxProcess, module: HostModule, timeoutMs: number): Promise<HostCallOutcome> => {
    let pending = loaded.get(module.key);
    if (pending === undefined) {
      modules.set(module.key, module);
      pending = child
        .request(
          {
            type: 'load',
            key: module.key,
            file: module.file,
            sha256: module.sha256,
            ...(module.code === undefined ? {} : { code: module.code }),
          },
          timeoutMs,
        )
        .then((outcome) => {
          if (outcome.type === 'reply' && outcome.ok) {
            const tools = (outcome.value as { tools: Array<{ name: string }> }).tools.map(
              (tool) => tool.name,
            );
            if (tools.join('\n') === module.toolNames.join('\n')) return { ok: true, value: undefined };
            return fault(
              module,
              `it gave other tools in the capability host (${tools.join(', ') || 'none'}) than during validation (${module.toolNames.join(', ') || 'none'})`,
            );
          }
          loaded.delete(module.key);
          if (outcome.type === 'reply')
            return fault(module, `failed when loaded into the capability host: ${outcome.error}`);
          return failure(module, outcome, timeoutMs, 'when loaded into the capability host');
        });
      loaded.set(module.key, pending);
    }
    return pending;
  };

  const failure = (
    module: HostModule,
    outcome: Awaited<ReturnType<SandboxProcess['request']>>,
    timeoutMs: number,
    doing: string,
  ): HostCallOutcome & { ok: false } => {
    if (outcome.type === 'reply') {
      return { ok: false, code: 'capability-failed', error: outcome.ok ? 'no error' : outcome.error };
    }
    // The host is gone (killed at the limit, or ended): the next call starts a new one.
    current = undefined;
    const culprit = (outcome.running !== undefined ? modules.get(outcome.running) : undefined) ?? module;
    const whose = culprit === module ? '' : ` (authored capability "${culprit.name}" was holding the host)`;
    if (outcome.type === 'timeout') {
      const message =
        culprit === module
          ? `it did not answer within ${timeoutMs} ms ${doing}; the capability host was restarted`
          : `its background work held the capability host past a call's ${timeoutMs} ms limit; the host was restarted`;
      fault(culprit, message);
      return {
        ok: false,
        code: 'capability-timeout',
        error: `capability-timeout: authored capability "${module.name}" did not answer within ${timeoutMs} ms${whose}; the capability host was restarted`,
      };
    }
    if (culprit !== module) {
      fault(culprit, `its code ended the capability host (${outcome.reason})`);
      return {
        ok: false,
        code: 'capability-failed',
        error: `the capability host ended while authored capability "${module.name}" was called${whose} (${outcome.reason}); it is restarted at the next call`,
      };
    }
    return fault(module, `it ended the capability host ${doing} (${outcome.reason})`);
  };

  return {
    async call(module, member, tool, args, { timeoutMs, workspace }) {
      const stopped = faulted.get(module.key);
      if (stopped !== undefined) {
        return {
          ok: false,
          code: 'capability-stopped',
          error: `authored capability "${module.name}" is stopped until its module changes: ${stopped}`,
        };
      }
      const child = await processFor();
      const ready = await load(child, module, timeoutMs);
      if (!ready.ok) return ready;
      const shape = { root: workspace.root, cwd: workspace.cwd, writable: workspace.writeFile !== undefined };
      const outcome = await child.request(
        { type: 'call', key: module.key, member, tool, args: args.map(plain), workspace: shape },
        timeoutMs,
        workspace,
      );
      if (outcome.type === 'reply' && outcome.ok) {
        return outcome.touched === undefined
          ? { ok: true, value: outcome.value }
          : { ok: true, value: outcome.value, touched: outcome.touched };
      }
      const doing = member === 'execute' ? `in tool "${tool}"` : `in ${member}`;
      return failure(module, outcome, timeoutMs, doing);
    },
    close() {
      void current?.then((child) => child.kill());
      current = undefined;
    },
  };
}

async function answerWorkspace(callback: SandboxCallback, workspace: Workspace): Promise<unknown> {
  const [path, second, third] = callback.args;
  if (typeof path !== 'string') throw new Error('a workspace path must be a string');
  switch (callback.method) {
    case 'stat':
      return workspace.stat(path);
    case 'readdir':
      return workspace.readdir(path);
    case 'realpath':
      return workspace.realpath(path);
    case 'readFile':
      return workspace.readFile(path, second as { maxBytes?: number } | undefined);
    case 'writeFile':
      if (workspace.writeFile === undefined) throw new Error('the workspace is read-only');
      if (typeof second !== 'string' && !(second instanceof Uint8Array)) {
        throw new Error('writeFile needs a string or bytes');
      }
      return workspace.writeFile(path, second, third as { exclusive?: boolean } | undefined);
    default:
      throw new Error('unknown workspace method');
  }
}

/** A value that can cross to the host: what structured clone cannot take goes through JSON. */
function plain(value: unknown): unknown {
  try {
    return structuredClone(value);
  } catch {
    try {
      return JSON.parse(JSON.stringify(value) ?? 'null');
    } catch {
      return null;
    }
  }
}
