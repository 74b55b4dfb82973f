import { AgentContextError } from '../errors.js';
import { maximumValueDepth } from '../shared/limit-value-depth.js';

/** A value that survives `JSON.stringify` and `JSON.parse` unchanged. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * Readers for the fields of a stored session snapshot: each returns the value when it has the
 * expected shape and throws `snapshot-invalid` naming the field otherwise (see {@link invalid}).
 */

export function record(value: unknown, at: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw invalid(at, `expected an object, got ${kindOf(value)}`);
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) throw invalid(at, 'expected a plain object');
  return value as Record<string, unknown>;
}

export function list(value: unknown, at: string): unknown[] {
  if (!Array.isArray(value)) throw invalid(at, `expected an array, got ${kindOf(value)}`);
  return value;
}

export function text(value: unknown, at: string): string {
  if (typeof value !== 'string') throw invalid(at, `expected a string, got ${kindOf(value)}`);
  return value;
}

export function count(value: unknown, at: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw invalid(at, `expected a whole number, 0 or more, got ${shown(value)}`);
  }
  return value;
}

/** `{ [key]: string }` when `entry[key]` is a string, `{}` when it is absent. */
export function optionalText<Key extends string>(
  entry: Record<string, unknown>,
  key: Key,
  at: string,
): { [K in Key]?: string } {
  const value = entry[key];
  if (value === undefined) return {};
  return { [key]: text(value, at === '' ? key : `${at}.${key}`) } as { [K in Key]?: string };
}

/**
 * A deep copy of a JSON value; anything else (a function, `undefined`, a class instance) is refused,
 * and so is nesting deeper than {@link maximumValueDepth} levels (the copy recurses: a hand-made
 * value thousands of levels deep must be a typed refusal, not a stack overflow).
 */
export function json(value: unknown, at: string, depth = 0): JsonValue {
  if (depth > maximumValueDepth) throw invalid(at, `nested deeper than ${maximumValueDepth} levels`);
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return value;
    throw invalid(at, 'expected a finite number');
  }
  if (Array.isArray(value)) return value.map((item, index) => json(item, `${at}[${index}]`, depth + 1));
  const entries = record(value, at);
  const copy: Record<string, JsonValue> = {};
  for (const [key, item] of Object.entries(entries)) copy[key] = json(item, `${at}.${key}`, depth + 1);
  return copy;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${shown(value)}`;
}

/** A value as a short JSON excerpt, for messages. */
export function shown(value: unknown): string {
  const json = JSON.stringify(value);
  if (json === undefined) return String(value);
  return json.length > 40 ? `${json.slice(0, 40)}...` : json;
}

/** The `snapshot-invalid` error for the field at `at` (`''`: the snapshot as a whole). */
export function invalid(at: string, problem: string): AgentContextError {
  const where = at === '' ? 'The session snapshot' : `The session snapshot's \`${at}\``;
  return new AgentContextError(`${where} does not fit: ${problem}. Nothing of it was restored.`, {
    code: 'snapshot-invalid',
    reason: at === '' ? problem : at,
  });
}
