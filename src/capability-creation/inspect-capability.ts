import { AgentContextError, describeError } from '../errors.js';
import type { Capability, ContextSession, Run, ToolDefinition } from '../session/capability.js';
import {
  capabilityHookNames,
  capabilityShapeProblem,
  describeValue as describe,
  toolShapeProblem,
} from '../session/capability-shape.js';
import { cutWithEllipsis } from '../text/cut-text.js';
import type { Workspace } from '../workspace/workspace.js';

/** What validation learned about a capability, for tool results and the CLI. */
export interface CapabilitySummary {
  /** The export that holds it: `default` or a named export. */
  exportName: string;
  /** The capability's own `name`. */
  name: string;
  /** Names of the tools it gives, in order. */
  toolNames: string[];
  /** How many instruction blocks it gives (0 when none). */
  instructionBlocks: number;
  /** Lifecycle hooks it defines (checked to be functions, never run). */
  hooks: string[];
}

/**
 * A capability that breaks the shape rules (as opposed to authored code that threw). Its message is
 * shown as is; errors thrown by authored code are shown as `Name: message`.
 */
export class CapabilityShapeError extends Error {
  override readonly name = 'CapabilityShapeError';
}

const capabilityKeys = ['name', 'instructions', 'tools', ...capabilityHookNames];

/**
 * Find the one capability a module exports and build it. Candidates are exports that are classes
 * or objects with a `name` or any capability method; the default export and a named export holding
 * the same value count once. A class is constructed with no arguments (one that declares
 * constructor parameters is refused). Throws {@link CapabilityShapeError} for
 * `no capability export found` and `expected exactly one capability export, found N: a, b`.
 */
export function buildCapabilityExport(namespace: Record<string, unknown>): {
  exportName: string;
  value: unknown;
} {
  const candidates: Array<{ exportName: string; value: unknown }> = [];
  const names = Object.keys(namespace).sort((a, b) => (a === 'default' ? -1 : b === 'default' ? 1 : 0));
  for (const exportName of names) {
    const value = namespace[exportName];
    if (!isCandidate(value) || candidates.some((candidate) => candidate.value === value)) continue;
    candidates.push({ exportName, value });
  }
  const [only, ...others] = candidates;
  if (only === undefined) throw new CapabilityShapeError('no capability export found');
  if (others.length > 0) {
    const list = candidates.map((candidate) => candidate.exportName).join(', ');
    throw new CapabilityShapeError(
      `expected exactly one capability export, found ${candidates.length}: ${list}`,
    );
  }
  if (typeof only.value !== 'function') return only;
  const Class = only.value as new () => unknown;
  if (Class.length > 0) {
    throw new CapabilityShapeError(
      `class ${Class.name || only.exportName} needs ${Class.length} constructor argument(s); a capability class must be constructible with no arguments`,
    );
  }
  return { exportName: only.exportName, value: new Class() };
}

/**
 * Check a built capability and run its static parts once against {@link validationRun}: `name` is a
 * non-empty string; `instructions()` gives a string, a list of strings or nothing; `tools()` gives
 * tool definitions with unique names (`^[a-zA-Z0-9_-]{1,64}$`), a description, a zod schema or a
 * JSON Schema of `type: "object"`, and an `execute` function. Hooks must be functions and are not
 * run. Throws the authored code's own error, or a {@link CapabilityShapeError}.
 */
export async function inspectCapability(value: unknown, exportName: string): Promise<CapabilitySummary> {
  return (await inspectCapabilityParts(value, exportName)).summary;
}

/** What {@link inspectCapabilityParts} read from a capability besides its summary. */
export interface CapabilityParts {
  summary: CapabilitySummary;
  /** The instruction blocks, empty strings left out. */
  instructions: string[];
  /** The tool definitions as `tools()` gave them, checked. */
  tools: ToolDefinition[];
}

/** {@link inspectCapability}, also giving the instruction blocks and tools it read (against `run`). */
export async function inspectCapabilityParts(
  value: unknown,
  exportName: string,
  run: Run = validationRun(),
): Promise<CapabilityParts> {
  if (typeof value !== 'object' || value === null) {
    throw new CapabilityShapeError(`export ${exportName} is ${describe(value)}, not a capability object`);
  }
  const problem = capabilityShapeProblem(value);
  if (problem !== undefined) throw new CapabilityShapeError(problem);
  const capability = value as Record<string, unknown> & { name: string };
  const typed = value as Capability;
  const instructions = instructionBlocks(await typed.instructions?.(run));
  const tools = await typed.tools?.(run);
  const toolNames = tools === undefined ? [] : checkTools(tools);
  const hooks = capabilityHookNames.filter((key) => capability[key] !== undefined);
  return {
    summary: {
      exportName,
      name: capability.name,
      toolNames,
      instructionBlocks: instructions.length,
      hooks,
    },
    instructions,
    tools: tools ?? [],
  };
}

/**
 * One line for an error raised while validating: shape problems as their message, anything the
 * authored code threw as `Name: message` (`TypeError: x is not a function`, `Error: boom`).
 */
export function formatValidationError(error: unknown): string {
  return cutErrorText(safeFormat(error));
}

/** Longest error text reported back from authored code, in characters. */
export const maxErrorLength = 2_000;

/** `text` cut to {@link maxErrorLength} characters, marked when cut. */
export function cutErrorText(text: string): string {
  return cutWithEllipsis(text, maxErrorLength);
}

function safeFormat(error: unknown): string {
  // Thrown values come from authored code: getters and toString may throw or lie, so read them
  // guarded and only keep strings.
  try {
    if (error instanceof CapabilityShapeError) return error.message;
    if (error instanceof Error) {
      const name = guardedString(() => error.name) ?? 'Error';
      const message = guardedString(() => error.message) ?? '(the message could not be read)';
      return `${name}: ${message}`;
    }
  } catch {
    // instanceof itself can throw for a Proxy with a throwing getPrototypeOf trap.
  }
  return `a non-error value was thrown: ${describeError(error)}`;
}

function guardedString(read: () => unknown): string | undefined {
  try {
    const value = read();
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The run static parts see during validation: index 0, no other capabilities, no events, no
 * hidden messages, and an empty read-only workspace (`stat` gives `undefined`, reads fail with
 * `not-found`), because validation happens before, and apart from, any real run.
 */
export function validationRun(): Run {
  const unavailable = async (path: string): Promise<never> => {
    throw new AgentContextError(`${path} does not exist: validation runs against an empty workspace`, {
      code: 'not-found',
      path,
    });
  };
  const workspace: Workspace = {
    root: '/',
    cwd: '/',
    resolve: (path) => (path.startsWith('/') ? path : `/${path}`),
    stat: async () => undefined,
    readdir: unavailable,
    realpath: unavailable,
    readFile: unavailable,
  };
  const states = new Map<object, unknown>();
  const noTools = async (): Promise<never> => {
    throw new Error('tools cannot be called while a capability is validated');
  };
  const session: ContextSession = {
    workspace,
    capabilities: [],
    currentRun: undefined,
    emit: () => undefined,
    state: <State>(owner: object, create: () => State): State => {
      if (!states.has(owner)) states.set(owner, create());
      return states.get(owner) as State;
    },
    deliverHidden: () => undefined,
    touch: async () => undefined,
    expandCommand: async (text) => ({ text }),
    startRun: async () => {
      throw new Error('no run can start while a capability is validated');
    },
    observeUserInput: async () => undefined,
    afterToolCall: noTools,
    placeHiddenMessages: (messages) => [...messages],
    hiddenMessages: () => [],
    reconcileHistory: async () => undefined,
    onCompaction: async () => undefined,
    reset: () => undefined,
    signal: new AbortController().signal,
    dispose: () => undefined,
    snapshot: () => {
      throw new Error('no snapshot can be taken while a capability is validated');
    },
    restore: () => {
      throw new Error('no snapshot can be restored while a capability is validated');
    },
    loadedFiles: () => [],
    describe: () => '',
    on: () => () => undefined,
  };
  return {
    index: 0,
    session,
    workspace,
    capabilities: [],
    instructionBlocks: [],
    instructions: '',
    tools: [],
    emit: () => undefined,
    executeTool: noTools,
    beforeToolCall: noTools,
    afterToolCall: noTools,
  };
}

function isCandidate(value: unknown): boolean {
  if (typeof value === 'function') return Function.prototype.toString.call(value).startsWith('class');
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return capabilityKeys.some((key) => key in value);
}

function instructionBlocks(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') return value.length > 0 ? [value] : [];
  if (Array.isArray(value) && value.every((item) => typeof item === 'string'))
    return value.filter((item) => item.length > 0);
  throw new CapabilityShapeError(
    `instructions() returned ${describe(value)}; expected a string, a list of strings, or nothing`,
  );
}

function checkTools(tools: unknown): string[] {
  if (!Array.isArray(tools)) {
    throw new CapabilityShapeError(
      `tools() returned ${describe(tools)}; expected a list of tool definitions`,
    );
  }
  const names = new Set<string>();
  tools.forEach((tool: unknown, index: number) => {
    const problem = toolShapeProblem(tool, index + 1, names);
    if (problem !== undefined) throw new CapabilityShapeError(problem);
    names.add((tool as { name: string }).name);
  });
  return [...names];
}
