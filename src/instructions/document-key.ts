import path from 'node:path';
import { sha256Of } from '../shared/sha256.js';
import { findImportTokens } from './import-tokens.js';

/**
 * The dedup key of an instruction text found in `directory`: two files are the same document only
 * when their text and the files their `@path` imports resolve to are the same. Imports resolve
 * relative to the importing file, so a package's `CLAUDE.md` holding `@AGENTS.md` is a different
 * document from the root's identical one. A text without imports is keyed by its sha-256 (`sha256`,
 * hex) alone; `@~/` imports mean the same file wherever they are written.
 *
 * The key is the first 96 bits of the digest in base64url: 16 characters, short enough that a
 * session snapshot's dedup memory stays small, long enough that two different documents sharing a
 * key by chance is about 1 in 10^17 for a million documents.
 */
export function documentKey(text: string, sha256: string, directory: string): string {
  const tokens = findImportTokens(text);
  if (tokens.length === 0) return shortened(sha256);
  const targets = tokens.map((token) =>
    token.specifier.startsWith('~/') ? token.specifier : path.posix.resolve(directory, token.specifier),
  );
  return shortened(sha256Of(`${sha256}\0${targets.join('\0')}`));
}

/** The length of a document key. */
export const documentKeyLength = 16;

/** The first 96 bits of a hex sha-256 digest, in base64url (anything else is hashed first). */
function shortened(digest: string): string {
  const hex = /^[0-9a-f]{64}$/.test(digest) ? digest : sha256Of(digest);
  return Buffer.from(hex.slice(0, 24), 'hex').toString('base64url');
}
