/**
 * Entry of a sandboxed child process that runs authored capability code: a short-lived child that
 * validates one module, or the long-lived capability host of a store. It runs under Node's
 * permission model (started by `startSandboxProcess`), talks to the agent's process over IPC only,
 * and is built to its own file for the published package (bundled on the fly from the sources).
 *
 * Before any authored code runs it takes away what the permission model leaves open and would let
 * a module reach the agent's process: signalling another process (`process.kill`, `os.setPriority`).
 * In a host, every piece of authored code runs in an async context named after its module, and each
 * switch of that context is written to file descriptor 3, so when the child stops answering the
 * agent's process knows whose code was running.
 */
import { AsyncLocalStorage, createHook } from 'node:async_hooks';
import { readFileSync, writeSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import os from 'node:os';
import { isAbsolute, resolve as resolvePath } from 'node:path';
import { describeError } from '../errors.js';
import type { Capability, Run, ToolDefinition } from '../session/capability.js';
import { sha256Of } from '../shared/sha256.js';
import type { Workspace } from '../workspace/workspace.js';
import {
  buildCapabilityExport,
  cutErrorText,
  formatValidationError,
  inspectCapabilityParts,
  validationRun,
} from './inspect-capability.js';
import type {
  CapabilityDescription,
  SandboxCallback,
  SandboxMessage,
  SandboxRequest,
  WorkspaceMethod,
} from './sandbox-protocol.js';

/** Settings the agent's process passes as the last command-line argument (JSON). */
export interface SandboxSettings {
  /** Write the running module's key to descriptor 3 on every switch (capability hosts). */
  attribution: boolean;
}

interface LoadedModule {
  capability: Capability;
  tools: Map<string, ToolDefinition>;
}

const exit = process.exit.bind(process);
const settings = JSON.parse(process.argv.at(-1) ?? '{}') as SandboxSettings;
lockProcessControls();
const context = new AsyncLocalStorage<string>();
if (settings.attribution) reportRunningModule(context);
const modules = new Map<string, LoadedModule>();
const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
let nextCallbackId = 1;

process.on('message', (message: SandboxRequest) => {
  if (message.type === 'callback-reply') {
    const waiter = pending.get(message.id);
    pending.delete(message.id);
    if (message.ok) waiter?.resolve(message.value);
    else waiter?.reject(Object.assign(new Error(message.error), { code: message.code }));
    return;
  }
  void answer(message);
});
// The IPC channel keeps the child alive; when the agent's process goes, so does the child.
process.on('disconnect', () => exit(0));
send({ type: 'ready' });

async function answer(request: Exclude<SandboxRequest, { type: 'callback-reply' }>): Promise<void> {
  try {
    const value = request.type === 'load' ? await load(request) : await call(request);
    send({ type: 'reply', id: request.id, ok: true, ...value });
  } catch (error) {
    // A tool's or hook's error reads as its message, the way a tool error of the agent's process does.
    const text = request.type === 'call' ? messageOf(error) : formatValidationError(error);
    send({ type: 'reply', id: request.id, ok: false, error: text });
  }
}

async function load(request: Extract<SandboxRequest, { type: 'load' }>) {
  const bytes = request.code === undefined ? readFileSync(request.file) : Buffer.from(request.code, 'utf8');
  const actual = sha256Of(bytes);
  if (actual !== request.sha256) {
    throw new Error(
      `the compiled module ${request.file} does not have the expected hash (changed on disk); it was not imported`,
    );
  }
  // Imported from the bytes just checked, so the file cannot change between the check and the import.
  const url = `data:text/javascript;base64,${bytes.toString('base64')}`;
  const { description, loaded } = await context.run(request.key, async () => {
    const namespace = (await import(url)) as Record<string, unknown>;
    const built = buildCapabilityExport(namespace);
    const parts = await inspectCapabilityParts(built.value, built.exportName);
    return {
      loaded: {
        capability: built.value as Capability,
        tools: new Map(parts.tools.map((tool) => [tool.name, tool])),
      },
      description: {
        exportName: built.exportName,
        name: parts.summary.name,
        instructions: parts.instructions,
        tools: parts.tools.map((tool) => ({
          name: tool.name,
          description: tool.description,
          inputSchema: toJsonSchema(tool),
        })),
        hooks: parts.summary.hooks,
      } satisfies CapabilityDescription,
    };
  });
  modules.set(request.key, loaded);
  return { value: description };
}

async function call(request: Extract<SandboxRequest, { type: 'call' }>) {
  const loaded = modules.get(request.key);
  if (loaded === undefined) throw new Error(`module ${request.key} is not loaded in the capability host`);
  const workspace = workspaceProxy(request.id, request.workspace);
  const run = { ...validationRun(), workspace, session: { ...validationRun().session, workspace } } as Run;
  const touched: Array<{ path: string; kind?: 'file' | 'directory' }> = [];
  const value = await context.run(request.key, async () => {
    if (request.member === 'execute') {
      const tool = loaded.tools.get(request.tool ?? '');
      if (tool === undefined) throw new Error(`tool "${request.tool}" is not defined by this capability`);
      let input = request.args[0];
      const schema = tool.inputSchema as { _zod?: unknown; safeParse?: (value: unknown) => unknown };
      if (schema._zod !== undefined && typeof schema.safeParse === 'function') {
        const parsed = schema.safeParse(input) as { success: boolean; data?: unknown; error?: unknown };
        if (!parsed.success) throw new Error(`invalid input: ${describeIssues(parsed.error)}`);
        input = parsed.data;
      }
      const callId = String(request.args[1] ?? '');
      return tool.execute(input, {
        callId,
        run,
        touch: (path, kind) => {
          touched.push(kind === undefined ? { path } : { path, kind });
        },
      });
    }
    const hook = loaded.capability[request.member] as ((...args: unknown[]) => unknown) | undefined;
    if (typeof hook !== 'function') return undefined;
    const target = request.member === 'onTouch' || request.member === 'onCompaction' ? run.session : run;
    return hook.call(loaded.capability, ...request.args, target);
  });
  return touched.length > 0 ? { value: plain(value), touched } : { value: plain(value) };
}

/** The message of what a tool or hook threw, described without trusting it. */
function messageOf(error: unknown): string {
  return cutErrorText(describeError(error));
}

/** `path: message` per zod issue, joined with `; `. */
function describeIssues(error: unknown): string {
  try {
    const issues = (error as { issues?: Array<{ path?: unknown[]; message?: unknown }> }).issues ?? [];
    const lines = issues.map((issue) => {
      const path = (issue.path ?? []).map(String).join('.');
      return `${path === '' ? '(input)' : path}: ${String(issue.message)}`;
    });
    if (lines.length > 0) return cutErrorText(lines.join('; '));
  } catch {
    // Fall back to the generic description.
  }
  return formatValidationError(error);
}

/** A workspace whose every call goes back to the session's contained workspace in the agent's process. */
function workspaceProxy(
  requestId: number,
  shape: { root: string; cwd: string; writable: boolean },
): Workspace {
  const remote =
    (method: WorkspaceMethod) =>
    (...args: unknown[]): Promise<never> =>
      new Promise((resolve, reject) => {
        const id = nextCallbackId++;
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        send({ type: 'callback', id, requestId, method, args } satisfies SandboxCallback);
      });
  const workspace: Workspace = {
    root: shape.root,
    cwd: shape.cwd,
    resolve: (path) => (isAbsolute(path) ? resolvePath(path) : resolvePath(shape.cwd, path)),
    stat: remote('stat'),
    readdir: remote('readdir'),
    realpath: remote('realpath'),
    readFile: remote('readFile'),
  };
  if (shape.writable) workspace.writeFile = remote('writeFile');
  return workspace;
}

function toJsonSchema(tool: ToolDefinition): Record<string, unknown> {
  const schema = tool.inputSchema as Record<string, unknown>;
  if ('_zod' in schema) {
    if (typeof schema.toJSONSchema !== 'function') {
      throw new Error(
        `tool "${tool.name}": its zod schema cannot give a JSON Schema (toJSONSchema() is missing); use zod 4 from "zod", or a JSON Schema object`,
      );
    }
    return JSON.parse(JSON.stringify(schema.toJSONSchema()));
  }
  try {
    return JSON.parse(JSON.stringify(schema));
  } catch (error) {
    throw new Error(`tool "${tool.name}": inputSchema is not plain JSON (${formatValidationError(error)})`);
  }
}

/** A value that survives the trip over IPC: what structured clone cannot take goes through JSON. */
function plain(value: unknown): unknown {
  try {
    structuredClone(value);
    return value;
  } catch {
    try {
      return JSON.parse(JSON.stringify(value) ?? 'null');
    } catch {
      throw new Error('the result cannot be sent back: it is neither structured-cloneable nor JSON');
    }
  }
}

function send(message: SandboxMessage): void {
  try {
    process.send?.(message);
  } catch (error) {
    if (message.type !== 'reply') return;
    process.send?.({
      ...message,
      ok: false,
      error: cutErrorText(`the reply could not be sent: ${String(error)}`),
    });
  }
}

/**
 * The permission model does not stop a process from signalling another one, and this child may run
 * as a user who can signal the agent's process. Replace the primitives with ones that reach only
 * this process, before any authored code can keep a reference to the originals.
 */
function lockProcessControls(): void {
  const ownPid = process.pid;
  const internal = process as unknown as { _kill?: (pid: number, signal: number) => number };
  const originalKill = internal._kill;
  const refuse = () =>
    Object.assign(new Error('a capability may only signal its own process'), { code: 'ERR_ACCESS_DENIED' });
  if (typeof originalKill === 'function') {
    Object.defineProperty(process, '_kill', {
      value: (pid: number, signal: number) => {
        if (Number(pid) !== ownPid) throw refuse();
        return originalKill.call(process, pid, signal);
      },
      writable: false,
      configurable: false,
    });
  }
  const originalProcessKill = process.kill.bind(process);
  Object.defineProperty(process, 'kill', {
    value: (pid: number, signal?: string | number) => {
      if (Number(pid) !== ownPid) throw refuse();
      return originalProcessKill(pid, signal);
    },
    writable: false,
    configurable: false,
  });
  const originalSetPriority = os.setPriority;
  Object.defineProperty(os, 'setPriority', {
    value: (first: number, second?: number) => {
      if (second !== undefined && Number(first) !== 0 && Number(first) !== ownPid) throw refuse();
      return second === undefined ? originalSetPriority(first) : originalSetPriority(first, second);
    },
    writable: false,
    configurable: false,
  });
  // Named imports of `node:os` in authored modules must see the replacement too.
  syncBuiltinESMExports();
}

/** Write the key of the module whose code runs (empty for the host's own code) on every switch. */
function reportRunningModule(storage: AsyncLocalStorage<string>): void {
  let last = '';
  const report = (key: string) => {
    if (key === last) return;
    last = key;
    try {
      writeSync(3, `${key}\n`);
    } catch {
      // The agent's process stopped listening; attribution is best effort.
    }
  };
  createHook({
    before: () => report(storage.getStore() ?? ''),
    after: () => report(''),
  }).enable();
  const enter = context.run.bind(context);
  // Code running synchronously inside `context.run` (an import, a call) is reported by the caller.
  context.run = ((key: string, callback: () => unknown) => {
    report(key);
    try {
      return enter(key, callback);
    } finally {
      report('');
    }
  }) as typeof context.run;
}
