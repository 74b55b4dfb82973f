import { sha256Of } from '../../shared/sha256.js';

/** Gives the key of one message from its role and content. See {@link createContentKeys}. */
export type ContentKeyOf = (role: string, content: unknown) => string;

/**
 * Keys for persisted messages that carry no id of their own, for `placeHiddenMessages`: the role and
 * a hash of the content, numbered when the same content occurs again (`user:3f9a...#2`), so a message
 * keeps its key on every later call while the history only grows.
 *
 * Properties named in `ignoredKeys` are left out of the hash at any depth: cache markers move between
 * calls and must not change a message's identity. Binary parts are hashed by length and sha-256
 * (their bytes are not copied into a string), URLs by `href`. Create one function per placement: it
 * counts repeated contents. Default `ignoredKeys`: none.
 */
export function createContentKeys(ignoredKeys: readonly string[] = []): ContentKeyOf {
  const ignored = new Set(ignoredKeys);
  const seen = new Map<string, number>();
  return (role, content) => {
    const base = `${role}:${hashContent(content, ignored)}`;
    const occurrence = (seen.get(base) ?? 0) + 1;
    seen.set(base, occurrence);
    return occurrence === 1 ? base : `${base}#${occurrence}`;
  };
}

function hashContent(content: unknown, ignored: ReadonlySet<string>): string {
  const json = JSON.stringify(content, (key, value: unknown) => {
    if (ignored.has(key)) return undefined;
    if (value instanceof Uint8Array) return `bytes:${value.byteLength}:${sha256Of(value)}`;
    if (value instanceof URL) return value.href;
    return value;
  });
  return sha256Of(json ?? '', 'base64url').slice(0, 22);
}
