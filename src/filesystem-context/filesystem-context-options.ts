import { AgentContextError } from '../errors.js';
import type { Workspace } from '../workspace/workspace.js';
import type { OffloadSettings } from './offload-tool-result.js';

/** Options of the `listing` part of {@link FilesystemContextOptions}. */
export interface ListingOptions {
  /** Directory to list, relative to the workspace's working directory. Default `'.'`. */
  directory?: string;
  /** Entries shown at most; the rest are counted in `[N more]`. Default `200`. */
  maxEntries?: number;
}

/** Options of the `offload` part of {@link FilesystemContextOptions}. */
export interface OffloadOptions {
  /** A successful result strictly longer than this many characters is offloaded. Default `20_000`. */
  overChars?: number;
  /** Where offloaded results go, relative to the working directory and inside the workspace. Default `'.context'`. */
  directory?: string;
  /** Characters of the result kept in the transcript, half head and half tail. Default `1_000`. */
  previewChars?: number;
  /**
   * Tools whose results are never offloaded. A custom list is added to the default `['read_file']`,
   * never replaces it: reading an offloaded file back must not offload it again.
   */
  exclude?: string[];
  /**
   * The tool the preview names for reading the rest (`offset` = first line, 1-based; `limit` = line
   * count), e.g. `read` for pi's read tool. It is excluded from offload too. Default `read_file`.
   */
  readToolName?: string;
}

/** Options of `filesystemContext`. */
export interface FilesystemContextOptions {
  /**
   * The workspace files are read from and offloaded results written to. Default: the session's
   * workspace (`run.workspace`); give it to have a read-only workspace refused at construction.
   */
  workspace?: Workspace;
  /** Files shown to the model on every call, in this order, relative to the working directory. Default `[]`. */
  include?: string[];
  /** Budget over the included file bodies and the listing's lines. Default `32_000`. */
  maxChars?: number;
  /** List a directory after the included files: `true` for the defaults. Default: no listing. */
  listing?: boolean | ListingOptions;
  /** Offload large tool results to files: `true` for the defaults. Default: no offload. */
  offload?: boolean | OffloadOptions;
}

/** Options with every default applied. */
export interface FilesystemContextSettings {
  include: string[];
  maxChars: number;
  listing: { directory: string; maxEntries: number } | undefined;
  offload: OffloadSettings | undefined;
}

/** The defaults of {@link FilesystemContextOptions}, in one place. */
export const filesystemContextDefaults = {
  maxChars: 32_000,
  listing: { directory: '.', maxEntries: 200 },
  offload: { overChars: 20_000, directory: '.context', previewChars: 1_000, exclude: ['read_file'] },
} as const;

/** Apply defaults and check every option; throws `invalid-option` for a value that cannot work. */
export function resolveFilesystemContextOptions(
  options: FilesystemContextOptions,
): FilesystemContextSettings {
  const include = options.include ?? [];
  if (!Array.isArray(include) || !include.every((item) => typeof item === 'string' && item !== '')) {
    throw invalidOption('include', 'must be an array of non-empty path strings');
  }
  const defaults = filesystemContextDefaults;
  const listingOptions = options.listing === true ? {} : options.listing || undefined;
  const offloadOptions = options.offload === true ? {} : options.offload || undefined;
  const exclude = offloadOptions?.exclude ?? [];
  const readToolName = offloadOptions?.readToolName ?? 'read_file';
  if (typeof readToolName !== 'string' || readToolName === '') {
    throw invalidOption('offload.readToolName', 'must be a non-empty tool name');
  }
  if (!Array.isArray(exclude) || !exclude.every((item) => typeof item === 'string')) {
    throw invalidOption('offload.exclude', 'must be an array of tool names');
  }
  return {
    include: [...include],
    maxChars: count('maxChars', options.maxChars, defaults.maxChars),
    listing: listingOptions && {
      directory: directoryOption('listing.directory', listingOptions.directory, defaults.listing.directory),
      maxEntries: count('listing.maxEntries', listingOptions.maxEntries, defaults.listing.maxEntries),
    },
    offload: offloadOptions && {
      overChars: count('offload.overChars', offloadOptions.overChars, defaults.offload.overChars),
      directory: directoryOption('offload.directory', offloadOptions.directory, defaults.offload.directory),
      previewChars: count('offload.previewChars', offloadOptions.previewChars, defaults.offload.previewChars),
      readToolName,
      exclude: new Set([...defaults.offload.exclude, readToolName, ...exclude]),
    },
  };
}

/**
 * Offloading writes files: refuse, at construction, a workspace without `writeFile` and an offload
 * directory outside the workspace (both are caller mistakes, not bad input).
 */
export function assertOffloadWorkspace(workspace: Workspace, directory: string): void {
  if (typeof workspace.writeFile !== 'function') {
    throw new AgentContextError(
      'Offloading tool results needs a writable workspace, but this workspace has no `writeFile` method. ' +
        'Pass a writable workspace (localWorkspace, or memoryWorkspace without `writable: false`), or turn `offload` off.',
      { code: 'workspace-not-writable', reason: 'missing writeFile method' },
    );
  }
  workspace.resolve(directory);
}

function count(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 0)
    throw invalidOption(name, 'must be a whole number, 0 or more');
  return value;
}

function directoryOption(name: string, value: string | undefined, fallback: string): string {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || value === '') throw invalidOption(name, 'must be a non-empty path');
  return value;
}

function invalidOption(name: string, reason: string): AgentContextError {
  return new AgentContextError(`filesystemContext: \`${name}\` ${reason}.`, {
    code: 'invalid-option',
    reason,
  });
}
