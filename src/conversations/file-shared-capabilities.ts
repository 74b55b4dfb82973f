import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type {
  SharedCapabilities,
  SharedCapability,
  SharedCapabilityRecord,
} from '../capability-creation/shared-capabilities.js';
import { AgentContextError } from '../errors.js';
import { cryptoModule } from '../shared/load-on-first-use.js';
import { sha256Of } from '../shared/sha256.js';
import { storeFailed } from './conversation-errors.js';

/** A shared capability file is one module (at most 1 MiB) and its record: far below this. */
const maxSharedFileBytes = 4 * 1024 * 1024;

/**
 * The shared capabilities of `fileConversationStore`: one JSON file per capability (record and code)
 * in `<directory>/capabilities/<sha-256 of name>/`, replaced atomically (written, flushed, renamed),
 * so a reader always sees a whole one. For workers on one machine or a shared file system.
 */
export function fileSharedCapabilities(directory: string, name: string): SharedCapabilities {
  const folder = path.join(directory, 'capabilities', sha256Of(name).slice(0, 40));
  const store = `shared capabilities in ${folder}`;
  const fileOf = (capabilityName: string) => {
    if (!/^[a-z][a-z0-9_]*$/.test(capabilityName)) {
      throw new AgentContextError(`"${capabilityName}" is not a capability name.`, {
        code: 'invalid-name',
        reason: 'capability name',
      });
    }
    return path.join(folder, `${capabilityName}.json`);
  };
  const readAll = async (names?: ReadonlySet<string>): Promise<SharedCapability[]> => {
    let entries: string[];
    try {
      entries = await fs.readdir(folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw storeFailed(store, 'list the shared capabilities', error);
    }
    const found: SharedCapability[] = [];
    for (const entry of entries.sort()) {
      const match = /^([a-z][a-z0-9_]*)\.json$/.exec(entry);
      if (match === null || (names !== undefined && !names.has(match[1]!))) continue;
      const capability = await readShared(path.join(folder, entry), match[1]!, store);
      if (capability !== undefined) found.push(capability);
    }
    return found;
  };
  return {
    async list() {
      return (await readAll()).map(({ code: _code, ...record }): SharedCapabilityRecord => record);
    },
    read: (names) => readAll(new Set(names)),
    async publish(capability) {
      const file = fileOf(capability.name);
      const held = await readShared(file, capability.name, store);
      if (held !== undefined && held.updatedAt > capability.updatedAt) return;
      const temporary = path.join(folder, `.${cryptoModule().randomBytes(8).toString('hex')}.tmp`);
      try {
        await fs.mkdir(folder, { recursive: true });
        const handle = await fs.open(temporary, 'wx', 0o600);
        try {
          await handle.writeFile(JSON.stringify(capability));
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fs.rename(temporary, file);
      } catch (error) {
        await fs.rm(temporary, { force: true }).catch(() => undefined);
        throw storeFailed(store, 'publish a capability', error);
      }
    },
  };
}

/**
 * One shared capability file, or `undefined` when it is missing. One that is not a regular file
 * (opened without waiting and without following a link, then checked), is too large or is damaged
 * throws `store-failed` naming it.
 */
async function readShared(file: string, name: string, store: string): Promise<SharedCapability | undefined> {
  let text: string;
  let handle: fs.FileHandle;
  try {
    // Never waits on a FIFO, never follows a link: the file is judged by what was opened.
    handle = await fs.open(file, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw storeFailed(store, 'read a shared capability', error);
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile() || stat.size > maxSharedFileBytes)
      throw new Error(`${file} is not a regular file of at most ${maxSharedFileBytes} bytes; move it away`);
    text = await handle.readFile('utf8');
  } catch (error) {
    throw storeFailed(store, 'read a shared capability', error);
  } finally {
    await handle.close().catch(() => undefined);
  }
  let data: Partial<SharedCapability> | undefined;
  try {
    data = JSON.parse(text) as Partial<SharedCapability>;
  } catch {
    data = undefined;
  }
  const fits =
    data !== undefined &&
    data !== null &&
    data.name === name &&
    typeof data.moduleFile === 'string' &&
    (data.status === 'active' || data.status === 'disabled') &&
    typeof data.sha256 === 'string' &&
    typeof data.updatedAt === 'string' &&
    typeof data.code === 'string';
  if (!fits)
    throw storeFailed(store, 'read a shared capability', new Error(`${file} is damaged; move it away`));
  return data as SharedCapability;
}
