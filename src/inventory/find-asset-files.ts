import type { Diagnostic } from '../diagnostics.js';
import { isAgentContextError } from '../errors.js';
import { mapWithLimit } from '../shared/map-with-limit.js';
import { toLabel } from '../workspace/labels.js';
import type { Workspace } from '../workspace/workspace.js';
import { diagnosticFromError } from './diagnostic-from-error.js';
import { inventoryDefaults } from './inventory-defaults.js';

// Folders listed at once: enough to overlap I/O, few enough never to run out of file handles.
const listConcurrency = 16;

// Package and VCS folders can hold thousands of files and never hold the repository's own assets.
export const skippedDirectories: ReadonlySet<string> = new Set(['node_modules', '.git']);

/** A file found by {@link findAssetFiles}, or a symlinked folder that could not be entered. */
export interface AssetLocation {
  /** Absolute path of the file as reached (through links), or of the refused link. */
  path: string;
  /** Absolute path of the folder holding it (the link itself when refused). */
  directory: string;
  /**
   * Real path of the file when the walk knows it without a call (a regular file: its folder's real
   * path plus its name); `undefined` for a symbolic link to a file and for a refused folder.
   */
  realPath?: string;
  /** Set when the folder is a symlink the workspace refused (its target is outside the workspace). */
  refused?: Diagnostic;
}

/** Result of {@link findAssetFiles}: locations in walk order, and problems of the walk itself. */
export interface FoundAssetFiles {
  locations: AssetLocation[];
  diagnostics: Diagnostic[];
  /** The real path of every folder walked, each once. */
  folders: string[];
}

/** Options of {@link findAssetFiles}. */
export interface FindAssetFilesOptions {
  /** True for a file name the walk reports, e.g. `(name) => name === 'SKILL.md'`. */
  accepts: (name: string) => boolean;
  /** Depth bound (default 8). */
  maxDepth?: number;
}

/**
 * Find every file whose name `accepts` takes under an asset folder (`skills/`, `commands/`), reading
 * nothing but directory listings (and one `realpath` per symbolic link). Regular files and symbolic
 * links with an accepted name are locations; a folder with an accepted name is walked like any other.
 *
 * - Depth: a file directly in the folder is depth 0, `NAME/FILE` depth 1; files deeper than
 *   `maxDepth` (default 8) are not searched, with an `info` diagnostic per folder left unsearched.
 * - Symlinked folders are followed after the plain tree is walked, so a file reachable both ways is
 *   reported at its plain path. Each real directory is walked once: a loop such as `loop -> .` or a
 *   second link to the same folder is skipped with an `info` diagnostic.
 * - A symlinked folder whose target the workspace refuses (outside it) becomes a location with
 *   `refused` set, at its link path, and nothing behind it is read.
 * - `node_modules` and `.git` folders are not entered.
 */
export async function findAssetFiles(
  workspace: Workspace,
  assetDirectory: string,
  options: FindAssetFilesOptions,
): Promise<FoundAssetFiles> {
  const { accepts } = options;
  const maxDepth = options.maxDepth ?? inventoryDefaults.maxDepth;
  const folderName = assetDirectory.slice(assetDirectory.lastIndexOf('/') + 1);
  const locations: AssetLocation[] = [];
  const diagnostics: Diagnostic[] = [];
  const visited = new Set<string>();
  const label = (path: string) => toLabel(workspace, path);

  let realStart: string;
  try {
    realStart = await workspace.realpath(assetDirectory);
  } catch (error) {
    return {
      locations,
      diagnostics: [diagnosticFromError(error, label(assetDirectory), 'directory')],
      folders: [],
    };
  }

  /**
   * Walk breadth first, one level at a time, listing the level's folders concurrently. Decisions that
   * depend on order (visited folders, diagnostics) are taken afterwards in listing order, so the
   * result is the same on every run. Returns the symbolic links met, for the caller to follow.
   */
  const walk = async (start: Folder): Promise<Folder[]> => {
    const links: Folder[] = [];
    visited.add(start.real);
    let level: Folder[] = [start];
    while (level.length > 0) {
      const listings = await mapWithLimit(level, listConcurrency, async (folder) => {
        try {
          return { entries: await workspace.readdir(folder.path) };
        } catch (error) {
          return { entries: [], failure: diagnosticFromError(error, label(folder.path), 'directory') };
        }
      });
      const next: Folder[] = [];
      level.forEach((folder, index) => {
        const listing = listings[index];
        if (listing?.failure) diagnostics.push(listing.failure);
        let deeperLeft = false;
        for (const entry of listing?.entries ?? []) {
          const accepted = accepts(entry.name);
          // A file found (the common entry of a big folder) costs its location and nothing more.
          if (accepted && entry.kind === 'file') {
            locations.push({
              path: `${folder.path}/${entry.name}`,
              directory: folder.path,
              realPath: `${folder.real}/${entry.name}`,
            });
            continue;
          }
          const child = {
            path: `${folder.path}/${entry.name}`,
            real: `${folder.real}/${entry.name}`,
            depth: folder.depth + 1,
          };
          if (accepted && entry.kind === 'symlink') {
            locations.push({ path: child.path, directory: folder.path });
          } else if (accepted && entry.kind === 'other') {
            // A FIFO or device: opening it could block, so it is reported and never read.
            diagnostics.push({
              severity: 'warning',
              code: 'not-a-file',
              message: `${label(child.path)} is not a regular file (a FIFO, socket or device); skipped.`,
              path: label(child.path),
            });
          } else if (entry.kind === 'directory' || entry.kind === 'symlink') {
            if (entry.kind === 'directory' && skippedDirectories.has(entry.name)) continue;
            if (child.depth > maxDepth) deeperLeft = true;
            else if (entry.kind === 'symlink') links.push(child);
            else if (!visited.has(child.real)) {
              visited.add(child.real);
              next.push(child);
            }
          }
        }
        if (deeperLeft) {
          diagnostics.push({
            severity: 'info',
            code: 'depth-limit',
            message: `Folders below ${label(folder.path)} are deeper than ${maxDepth} levels under ${folderName}/ and were not searched.`,
            path: label(folder.path),
          });
        }
      });
      level = next;
    }
    return links;
  };

  // Links last, so a folder reachable both ways is reported at its plain path; each link leads to a
  // real directory not walked yet, and walking one may meet more links.
  const pending = await walk({ path: assetDirectory, real: realStart, depth: 0 });
  for (let index = 0; index < pending.length; index += 1) {
    const link = pending[index]!;
    const target = await followLink(link.path);
    if (target === undefined) continue;
    if (visited.has(target)) {
      diagnostics.push({
        severity: 'info',
        code: 'directory-already-scanned',
        message: `${label(link.path)} leads to a folder already scanned (a loop or a second link); skipped.`,
        path: label(link.path),
      });
      continue;
    }
    pending.push(...(await walk({ path: link.path, real: target, depth: link.depth })));
  }

  /** The real path of a linked folder, or `undefined` (with a location or diagnostic when it matters). */
  async function followLink(path: string): Promise<string | undefined> {
    try {
      const stat = await workspace.stat(path);
      if (stat === undefined) {
        diagnostics.push({
          severity: 'warning',
          code: 'broken-symlink',
          message: `${label(path)} is a symbolic link to nothing; skipped.`,
          path: label(path),
        });
        return undefined;
      }
      return stat.kind === 'directory' ? await workspace.realpath(path) : undefined;
    } catch (error) {
      if (isAgentContextError(error) && error.code === 'path-outside-workspace') {
        const refused: Diagnostic = {
          severity: 'warning',
          code: 'path-outside-workspace',
          message: `${label(path)} is a symbolic link to a folder outside the workspace; it was not read.`,
          path: label(path),
        };
        locations.push({ path, directory: path, refused });
      } else {
        diagnostics.push(diagnosticFromError(error, label(path), 'directory'));
      }
      return undefined;
    }
  }

  return { locations, diagnostics, folders: [...visited] };
}

interface Folder {
  /** Absolute path as reached (through links). */
  path: string;
  /** Real absolute path: the real path of the nearest link target, plus plain segments. */
  real: string;
  /** Folders below the asset folder. */
  depth: number;
}
