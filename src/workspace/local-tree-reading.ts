import { closeSync, readdirSync, readSync } from 'node:fs';
import { AgentContextError } from '../errors.js';
import { directoryEntryOf, refuseHardLinked, translateError } from './local-disk.js';
import {
  openEntrySync,
  openSubdirectorySync,
  openVerifiedFileSync,
  platformVerification,
  type VerifiedOpenContext,
} from './open-verified.js';
import { parallelReadersReady, secondCoreExists, startFileReads } from './parallel-entry-reads.js';
import { compareCodePoints } from './paths.js';
import type { TreeReader, TreeReading } from './tree-reading.js';
import type { DirectoryEntry, ReadFileResult } from './workspace.js';

/** What a local workspace tells its tree reader. */
export interface LocalTreeReaderOptions {
  /** Real path of the containment root (`/` for host access). */
  realRoot: string;
  /** Refuse files with more than one hard link, as the workspace's reads do. */
  refuseHardLinks: boolean;
  /** The checked real path of an absolute path of the workspace (contained); throws as `realpath`. */
  realPath(absolute: string): Promise<string>;
}

/** Directories held open at once at most; past it, the one opened first is closed, and opened again by its real path if needed. */
const openDirectoriesAtMost = 64;
/** The read buffer is kept between reads up to this size; a longer file is read into a buffer of its own. */
const keptBufferBytes = 1024 * 1024;
/** The read buffer's first size. */
const firstBufferBytes = 64 * 1024;

/**
 * The tree reader of a local workspace (see {@link TreeReading}), for Linux's descriptor paths only
 * (`undefined` elsewhere): the start is resolved and opened verified (its descriptor's own path
 * checked inside the root); each subdirectory is opened through its parent's descriptor
 * (`openSubdirectorySync`) and each file through its directory's (`openEntrySync`), no link
 * followed, so no path check of their own is needed. Files are read into one buffer kept for the
 * reading (up to 1 MiB), lent to the caller.
 */
export function localTreeReader(options: LocalTreeReaderOptions): TreeReader | undefined {
  if (platformVerification !== 'descriptor-path') return undefined;
  return {
    async open(start) {
      return openLocalTreeReading(start, await options.realPath(start), options);
    },
  };
}

function openLocalTreeReading(
  start: string,
  startReal: string,
  options: LocalTreeReaderOptions,
): TreeReading {
  const { realRoot, refuseHardLinks } = options;
  /** Every directory of the reading met so far: its real path, by absolute path. */
  const realPaths = new Map<string, string>([[start, startReal]]);
  /** The directories held open, in the order they were opened. */
  const held = new Map<string, number>();
  let buffer = Buffer.allocUnsafe(firstBufferBytes);
  let closed = false;
  const context = (requested: string): VerifiedOpenContext => ({
    realRoot,
    requested,
    method: 'descriptor-path',
    recheck: async () => undefined,
  });

  const hold = (absolute: string, descriptor: number) => {
    held.set(absolute, descriptor);
    if (held.size <= openDirectoriesAtMost) return;
    const [oldest, oldestDescriptor] = held.entries().next().value!;
    held.delete(oldest);
    closeSync(oldestDescriptor);
  };

  /** The open descriptor of a directory of the reading, opened again (verified) if it was closed. */
  const descriptorOf = (absolute: string): number => {
    const descriptor = held.get(absolute);
    if (descriptor !== undefined) return descriptor;
    const real = realPaths.get(absolute);
    if (real === undefined) throw notInReading(absolute);
    let opened: number;
    try {
      opened = openVerifiedFileSync(real, context(absolute), 'directory').descriptor;
    } catch (error) {
      throw translateError(error, absolute, 'read-failed');
    }
    hold(absolute, opened);
    return opened;
  };

  const openDirectory = (absolute: string): number => {
    if (realPaths.has(absolute)) return descriptorOf(absolute);
    const { parent, name } = splitPath(absolute);
    const parentReal = realPaths.get(parent);
    if (parentReal === undefined) throw notInReading(absolute);
    let descriptor: number;
    try {
      descriptor = openSubdirectorySync(descriptorOf(parent), name, { realRoot, requested: absolute });
    } catch (error) {
      throw translateError(error, absolute, 'read-failed');
    }
    realPaths.set(absolute, parentReal === '/' ? `/${name}` : `${parentReal}/${name}`);
    hold(absolute, descriptor);
    return descriptor;
  };

  return {
    list(directory) {
      if (closed) throw notInReading(directory);
      const descriptor = openDirectory(directory);
      let entries: DirectoryEntry[];
      try {
        entries = readdirSync(`/proc/self/fd/${descriptor}`, { withFileTypes: true }).map(directoryEntryOf);
      } catch (error) {
        throw translateError(error, directory, 'read-failed');
      }
      return entries.sort((left, right) => compareCodePoints(left.name, right.name));
    },
    read(path, maxBytes): ReadFileResult {
      if (closed) throw notInReading(path);
      const { parent, name } = splitPath(path);
      let descriptor: number;
      let size: number;
      try {
        const opened = openEntrySync(descriptorOf(parent), name, { realRoot, requested: path });
        descriptor = opened.descriptor;
        size = opened.stats.size;
        refuseHardLinked(opened.stats, path, refuseHardLinks);
      } catch (error) {
        throw translateError(error, path, 'read-failed');
      }
      try {
        const limit = Math.max(0, Math.min(maxBytes, size));
        if (limit > buffer.length && limit <= keptBufferBytes) {
          buffer = Buffer.allocUnsafe(Math.min(keptBufferBytes, 2 ** Math.ceil(Math.log2(limit))));
        }
        const target = limit <= buffer.length ? buffer : Buffer.allocUnsafe(limit);
        let filled = 0;
        while (filled < limit) {
          const bytesRead = readSync(descriptor, target, filled, limit - filled, filled);
          if (bytesRead === 0) break;
          filled += bytesRead;
        }
        return { bytes: target.subarray(0, filled), size, truncated: size > filled };
      } catch (error) {
        throw translateError(error, path, 'read-failed');
      } finally {
        closeSync(descriptor);
      }
    },
    readElsewhere(files, { maxBytes, binaryProbeBytes, holding, holdingNeighbours, holdingLines }) {
      if (closed || !secondCoreExists() || !parallelReadersReady()) return undefined;
      const directories: Array<{ real: string; names: readonly string[] }> = [];
      for (const { directory, names } of files) {
        const real = realPaths.get(directory);
        if (real === undefined) return undefined;
        directories.push({ real, names });
      }
      // The worker opens each directory by its real path, proven inside the root by its descriptor
      // (as `openVerifiedFileSync` does), and each file through it, as `read` does here.
      return startFileReads(directories, {
        realRoot,
        maxBytes,
        refuseHardLinks,
        wholeOnly: true,
        ...(binaryProbeBytes === undefined ? {} : { binaryProbeBytes }),
        ...(holding === undefined ? {} : { holding }),
        ...(holdingNeighbours === undefined ? {} : { holdingNeighbours }),
        ...(holdingLines === undefined ? {} : { holdingLines }),
      });
    },
    close() {
      if (closed) return;
      closed = true;
      for (const descriptor of held.values()) closeSync(descriptor);
      held.clear();
    },
  };
}

function splitPath(absolute: string): { parent: string; name: string } {
  const slash = absolute.lastIndexOf('/');
  return { parent: slash <= 0 ? '/' : absolute.slice(0, slash), name: absolute.slice(slash + 1) };
}

/** A path the reading did not reach by listing (or a reading already closed): a caller's mistake. */
function notInReading(absolute: string): AgentContextError {
  return new AgentContextError(`Not reached by this walk: ${absolute}`, {
    code: 'not-found',
    path: absolute,
    reason: 'not reached by the walk',
  });
}
