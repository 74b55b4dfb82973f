import type { Capability } from './capability.js';

/** The lifecycle hooks a capability may define; each must be a function when present. */
export const capabilityHookNames = [
  'capabilities',
  'onRunStart',
  'beforeToolCall',
  'afterToolCall',
  'onTouch',
  'onCompaction',
] as const;

/** Tool names every provider accepts. */
export const toolNamePattern = /^[a-zA-Z0-9_-]{1,64}$/;

/** True for an object with a string `name`: the least a value needs to be taken for a capability. */
export function isNamedObject(value: unknown): value is Capability {
  return typeof value === 'object' && value !== null && typeof (value as Capability).name === 'string';
}

/**
 * What keeps `value` from being a capability, or `undefined` when it has the shape: an object whose
 * `name` is a non-empty string and whose `instructions`, `tools` and hooks, when present, are
 * functions. Nothing is called.
 */
export function capabilityShapeProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null)
    return `it is ${describeValue(value)}, not a capability object`;
  const capability = value as Record<string, unknown>;
  if (typeof capability.name !== 'string' || capability.name.length === 0) {
    return `capability name must be a non-empty string, got ${describeValue(capability.name)}`;
  }
  for (const key of ['instructions', 'tools', ...capabilityHookNames]) {
    if (capability[key] !== undefined && typeof capability[key] !== 'function') {
      return `${key} must be a method, got ${describeValue(capability[key])}`;
    }
  }
  return undefined;
}

/**
 * What keeps `tool` (the tool at `position`, 1-based, of a capability's list) from being a tool
 * definition, or `undefined`: a name matching `^[a-zA-Z0-9_-]{1,64}$` that `takenNames` does not
 * hold, a non-empty description, a zod schema or a JSON Schema object of `type: "object"`, and an
 * `execute` function.
 */
export function toolShapeProblem(
  tool: unknown,
  position: number,
  takenNames: ReadonlySet<string> = new Set(),
): string | undefined {
  if (typeof tool !== 'object' || tool === null)
    return `tool ${position} is ${describeValue(tool)}, not a tool definition`;
  const { name, description, inputSchema, execute } = tool as Record<string, unknown>;
  if (typeof name !== 'string' || !toolNamePattern.test(name)) {
    return `tool ${position}: name must match ^[a-zA-Z0-9_-]{1,64}$, got ${describeValue(name)}`;
  }
  const label = `tool "${name}"`;
  if (takenNames.has(name)) return `${label}: duplicate tool name`;
  if (typeof description !== 'string' || description.trim().length === 0) {
    return `${label}: description must be a non-empty string`;
  }
  if (!isInputSchema(inputSchema)) {
    return `${label}: inputSchema must be a zod schema or a JSON Schema object with type "object"`;
  }
  if (typeof execute !== 'function') return `${label}: execute must be a function`;
  return undefined;
}

/** A value described in a few words for a message: `a number (42)`, `a string ("x")`, `a list`. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return `a string (${JSON.stringify(value.slice(0, 40))})`;
  if (typeof value === 'number') return `a number (${value})`;
  if (value === undefined) return 'undefined';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function isInputSchema(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return false;
  const record = schema as Record<string, unknown>;
  if ('_zod' in record) return typeof record.safeParse === 'function';
  return record.type === 'object';
}
