import path from 'node:path';
import { sha256Of } from '../shared/sha256.js';
import { findImportTokens } from './import-tokens.js';

/**
 * The dedup key of an instruction text found in `directory`: two files are the same document only
 * when their text and the files their `@path` imports resolve to are the same. Imports resolve
 * relative to the importing file, so a package's `CLAUDE.md` holding `@AGENTS.md` is a different
 * document from the root's identical one. A text without imports is keyed by its sha-256 alone;
 * `@~/` imports mean the same file wherever they are written.
 */
export function documentKey(text: string, sha256: string, directory: string): string {
  const tokens = findImportTokens(text);
  if (tokens.length === 0) return sha256;
  const targets = tokens.map((token) =>
    token.specifier.startsWith('~/') ? token.specifier : path.posix.resolve(directory, token.specifier),
  );
  return sha256Of(`${sha256}\0${targets.join('\0')}`);
}
