import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AgentContextError } from '../errors.js';
import { parseSessionSnapshot, type SessionSnapshot } from '../session/session-snapshot.js';
import { cryptoModule } from '../shared/load-on-first-use.js';
import { sha256Of } from '../shared/sha256.js';
import { conversationDefaults } from './conversation-defaults.js';
import {
  checkConversationId,
  checkExpectedVersion,
  stateConflict,
  storeFailed,
} from './conversation-errors.js';
import type { ConversationFile, ConversationStore, StoredConversation } from './conversation-store.js';
import { fileSharedCapabilities } from './file-shared-capabilities.js';

/** Options of {@link fileConversationStore}. */
export interface FileConversationStoreOptions {
  /** The directory conversations are kept in; created on the first save. Relative to the process's working directory. */
  directory: string;
  /** The largest stored conversation read or written, in bytes (16 MiB). @default 16777216 */
  maxSnapshotBytes?: number;
}

/**
 * The embedded conversation store: files in one directory, nothing installed and nothing running.
 * Each conversation is a folder (named by the sha-256 of its id) of numbered versions, `N.json`, and
 * a `files/` folder of the files kept beside it (one JSON file each, named by the sha-256 of its path).
 *
 * Decision: files rather than embedded SQLite. Node 20 has no `node:sqlite`, and a native SQLite
 * package ties installs to prebuilt binaries; a file system already gives the one primitive a
 * versioned save needs. A save writes its version to a temporary file (flushed), then links it to the
 * name `expectedVersion + 1`: the link fails when that name exists, so of two workers building on one
 * version exactly one wins and the other gets `state-conflict`, with no lock to leave behind. A
 * reader takes the highest version, which is always complete. The version before the latest is kept
 * for readers in flight; older ones are removed. Works across processes on one machine, and on a
 * shared file system whose `link` is atomic (NFS v3+); for workers on many machines prefer
 * `postgresConversationStore`.
 *
 * Kept files are written, each linked in place the same way, before the version that first lists
 * them: a path kept before keeps its first text, and the files of a save that then conflicts stay
 * (they are read only for the paths a stored snapshot lists).
 *
 * Special files (a FIFO, a socket, a directory where a version belongs) are never opened for
 * reading: `snapshot-invalid` names them.
 */
export function fileConversationStore(options: FileConversationStoreOptions): Required<ConversationStore> {
  if (typeof options?.directory !== 'string' || options.directory === '') {
    throw new AgentContextError('fileConversationStore needs a `directory`.', {
      code: 'invalid-option',
      reason: 'directory',
    });
  }
  const directory = path.resolve(options.directory);
  const maxBytes = options.maxSnapshotBytes ?? conversationDefaults.maxSnapshotBytes;
  const folderOf = (conversationId: string) => path.join(directory, sha256Of(conversationId).slice(0, 40));
  const name = `conversation store in ${directory}`;

  return {
    async load(conversationId) {
      checkConversationId(conversationId);
      const folder = folderOf(conversationId);
      // A version removed between the listing and the read (two saves in between): list again.
      for (let attempt = 0; ; attempt += 1) {
        const versions = await listVersions(folder, name);
        const latest = versions.at(-1);
        if (latest === undefined) return undefined;
        const text = await readVersion(path.join(folder, `${latest}.json`), maxBytes, name);
        if (text === undefined && attempt < 3) continue;
        if (text === undefined)
          throw storeFailed(name, 'read a conversation', new Error('its versions keep changing'));
        return parseStored(text, conversationId, latest);
      }
    },

    async save(conversationId, snapshot, expectedVersion, files = []) {
      checkConversationId(conversationId);
      checkExpectedVersion(expectedVersion);
      const text = JSON.stringify({ conversationId, version: expectedVersion + 1, snapshot });
      if (Buffer.byteLength(text) > maxBytes) throw tooLarge(Buffer.byteLength(text), maxBytes);
      const kept = files.map((file) => keptFileText(conversationId, file, maxBytes));
      const folder = folderOf(conversationId);
      const version = expectedVersion + 1;
      const temporary = path.join(folder, `.${cryptoModule().randomBytes(8).toString('hex')}.tmp`);
      try {
        await fs.mkdir(folder, { recursive: true });
        if (kept.length > 0) await fs.mkdir(path.join(folder, filesFolderName), { recursive: true });
        for (const [index, file] of files.entries()) {
          await linkNew(path.join(folder, filesFolderName, keptFileName(file.path)), kept[index]!, temporary);
        }
        await writeFlushed(temporary, text);
        try {
          await fs.link(temporary, path.join(folder, `${version}.json`));
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
          const versions = await listVersions(folder, name);
          throw stateConflict(conversationId, expectedVersion, versions.at(-1));
        }
      } catch (error) {
        throw storeFailed(name, 'save a conversation', error);
      } finally {
        await fs.rm(temporary, { force: true }).catch(() => undefined);
      }
      // A save that built on a version older than a removed one links a name nobody reads: take it back.
      const versions = await listVersions(folder, name);
      const latest = versions.at(-1) ?? version;
      const previous = versions.filter((stored) => stored < version).at(-1) ?? 0;
      // Built on a version that is not the one before (a newer one exists, or the expected one never did).
      if (latest > version || (expectedVersion > 0 && previous !== expectedVersion)) {
        await fs.rm(path.join(folder, `${version}.json`), { force: true }).catch(() => undefined);
        throw stateConflict(conversationId, expectedVersion, latest > version ? latest : previous);
      }
      for (const old of versions) {
        if (old < version - 1)
          await fs.rm(path.join(folder, `${old}.json`), { force: true }).catch(() => undefined);
      }
      return version;
    },

    async loadFiles(conversationId, paths) {
      checkConversationId(conversationId);
      const folder = path.join(folderOf(conversationId), filesFolderName);
      const found: ConversationFile[] = [];
      for (const wanted of paths) {
        const text = await readVersion(path.join(folder, keptFileName(wanted)), maxBytes, name);
        if (text === undefined) continue;
        found.push(parseKeptFile(text, conversationId, wanted));
      }
      return found;
    },

    sharedCapabilities: (sharedName = 'default') => fileSharedCapabilities(directory, sharedName),

    async delete(conversationId) {
      checkConversationId(conversationId);
      try {
        await fs.rm(folderOf(conversationId), { recursive: true, force: true });
      } catch (error) {
        throw storeFailed(name, 'delete a conversation', error);
      }
    },
  };
}

/** The folder of a conversation's kept files. */
const filesFolderName = 'files';

/** The file name a kept file is stored under: the sha-256 of its path (any path, any length). */
function keptFileName(keptPath: string): string {
  return `${sha256Of(keptPath)}.json`;
}

/** A kept file as stored: JSON naming its conversation and path, checked on the way back. */
function keptFileText(conversationId: string, file: ConversationFile, maxBytes: number): string {
  if (typeof file?.path !== 'string' || file.path === '' || typeof file.text !== 'string') {
    throw new AgentContextError('A kept file needs a non-empty `path` and a `text` string.', {
      code: 'invalid-option',
      reason: 'files',
    });
  }
  const text = JSON.stringify({ conversationId, path: file.path, text: file.text });
  if (Buffer.byteLength(text) > maxBytes) throw tooLarge(Buffer.byteLength(text), maxBytes);
  return text;
}

function parseKeptFile(text: string, conversationId: string, wanted: string): ConversationFile {
  let data: { conversationId?: unknown; path?: unknown; text?: unknown } | null;
  try {
    data = JSON.parse(text);
  } catch {
    data = null;
  }
  if (
    data === null ||
    typeof data !== 'object' ||
    data.conversationId !== conversationId ||
    data.path !== wanted ||
    typeof data.text !== 'string'
  ) {
    throw new AgentContextError(
      `The kept file ${JSON.stringify(wanted)} of conversation ${JSON.stringify(conversationId)} is damaged; it was left as it is.`,
      { code: 'snapshot-invalid', path: wanted, reason: 'kept file' },
    );
  }
  return { path: wanted, text: data.text };
}

/** Write `text` to `file` unless something is there already (flushed first, then linked in place). */
async function linkNew(file: string, text: string, temporary: string): Promise<void> {
  try {
    await writeFlushed(temporary, text);
    await fs.link(temporary, file).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  } finally {
    await fs.rm(temporary, { force: true });
  }
}

/** The version numbers in a conversation's folder, ascending; `[]` when it has none. */
async function listVersions(folder: string, store: string): Promise<number[]> {
  let names: string[];
  try {
    names = await fs.readdir(folder);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return [];
    if (code === 'ENOTDIR') {
      throw new AgentContextError(`The ${store} holds ${folder}, which is not a folder; move it away.`, {
        code: 'snapshot-invalid',
        path: folder,
        reason: 'not a folder',
      });
    }
    throw storeFailed(store, 'list a conversation', error);
  }
  const versions: number[] = [];
  for (const entry of names) {
    const match = /^([1-9][0-9]{0,15})\.json$/.exec(entry);
    if (match) versions.push(Number(match[1]));
  }
  return versions.sort((left, right) => left - right);
}

/**
 * The text of one version file: opened without blocking (a FIFO never waits), refused unless a regular
 * file, refused over `maxBytes`; `undefined` when it is gone.
 */
async function readVersion(file: string, maxBytes: number, store: string): Promise<string | undefined> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    if (code === 'ELOOP') throw notAFile(file, 'a symbolic link');
    if (code === 'ENXIO') throw notAFile(file, 'a socket or FIFO');
    throw storeFailed(store, 'read a conversation', error);
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw notAFile(file, stat.isDirectory() ? 'a directory' : 'a special file');
    if (stat.size > maxBytes) throw tooLarge(stat.size, maxBytes);
    const buffer = await handle.readFile();
    if (buffer.byteLength > maxBytes) throw tooLarge(buffer.byteLength, maxBytes);
    return buffer.toString('utf8');
  } catch (error) {
    throw storeFailed(store, 'read a conversation', error);
  } finally {
    await handle.close().catch(() => undefined);
  }
}

async function writeFlushed(file: string, text: string): Promise<void> {
  const handle = await fs.open(file, 'wx', 0o600);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** A stored version's text as a conversation, checked to be the one asked for. */
export function parseStored(text: string, conversationId: string, version: number): StoredConversation {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new AgentContextError(
      `Stored conversation ${JSON.stringify(conversationId)} (version ${version}) is not JSON (${(error as Error).message}); it was left as it is.`,
      { code: 'snapshot-invalid', reason: 'not JSON' },
    );
  }
  const stored = data as { conversationId?: unknown; snapshot?: unknown } | null;
  if (stored === null || typeof stored !== 'object' || stored.conversationId !== conversationId) {
    throw new AgentContextError(
      `Stored conversation ${JSON.stringify(conversationId)} (version ${version}) does not name that conversation; it was left as it is.`,
      { code: 'snapshot-invalid', reason: 'conversationId' },
    );
  }
  return { snapshot: parseSessionSnapshot(stored.snapshot) as SessionSnapshot, version };
}

function notAFile(file: string, what: string): AgentContextError {
  return new AgentContextError(
    `${file} is ${what}, not a stored conversation; it was not opened. Move it away.`,
    {
      code: 'snapshot-invalid',
      path: file,
      reason: 'not a file',
    },
  );
}

function tooLarge(size: number, maxBytes: number): AgentContextError {
  return new AgentContextError(
    `A stored conversation of ${size} bytes is over the limit of ${maxBytes} bytes (maxSnapshotBytes); it was not read or written.`,
    { code: 'snapshot-invalid', reason: 'too large' },
  );
}
