import type { EntryRealPaths } from './entry-real-paths.js';
import type { InventoryRoot } from './inventory-result.js';

/** Where one root is looked for. */
export interface RootPlace {
  /** Absolute path of the root folder. */
  path: string;
  /** Absolute path of the directory it belongs to (the folder itself for a plugin). */
  directory: string;
  /** 0 for the working directory, 1 for its parent...; plugins come after every directory. */
  level: number;
  plugin?: string;
  /** A Gemini CLI extension: its commands are TOML files, and it may name context files. */
  kind?: 'gemini-extension';
  /** An extension's context files (`contextFileName`, default `GEMINI.md`), relative to its folder. */
  contextFileNames?: readonly string[];
  /** List the root even when it does not exist. */
  listAbsent: boolean;
}

/** A scanned root, with the real path of each entry (kept out of the JSON result). */
export interface ScannedRoot {
  place: RootPlace;
  result: InventoryRoot;
  realPaths: EntryRealPaths;
}
