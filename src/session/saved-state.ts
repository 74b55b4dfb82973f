import type { JsonValue } from './session-snapshot.js';

/**
 * Readers for a capability's saved state (`StatePersistence.restore`): each returns the value when it
 * has the expected type and throws a plain error naming the field otherwise, which the session turns
 * into a `state-not-restored` diagnostic.
 */
export const savedState = {
  object(value: JsonValue | undefined, field: string): { [key: string]: JsonValue } {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw new Error(`${field} is not an object`);
    }
    return value;
  },
  array(value: JsonValue | undefined, field: string): JsonValue[] {
    if (!Array.isArray(value)) throw new Error(`${field} is not an array`);
    return value;
  },
  strings(value: JsonValue | undefined, field: string): string[] {
    return savedState.array(value, field).map((item, index) => savedState.string(item, `${field}[${index}]`));
  },
  string(value: JsonValue | undefined, field: string): string {
    if (typeof value !== 'string') throw new Error(`${field} is not a string`);
    return value;
  },
  /** A list of `[key, value]` string pairs (a saved `Map<string, string>`). */
  pairs(value: JsonValue | undefined, field: string): Array<[string, string]> {
    return savedState.array(value, field).map((item, index) => {
      const pair = savedState.strings(item, `${field}[${index}]`);
      if (pair.length !== 2) throw new Error(`${field}[${index}] is not a pair`);
      return [pair[0]!, pair[1]!];
    });
  },
  boolean(value: JsonValue | undefined, field: string): boolean {
    if (typeof value !== 'boolean') throw new Error(`${field} is not a boolean`);
    return value;
  },
};
