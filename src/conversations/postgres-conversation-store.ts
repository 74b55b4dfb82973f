import { AgentContextError } from '../errors.js';
import type { SessionSnapshot } from '../session/session-snapshot.js';
import { conversationDefaults } from './conversation-defaults.js';
import {
  checkConversationId,
  checkExpectedVersion,
  stateConflict,
  storeFailed,
} from './conversation-errors.js';
import type { ConversationFile, ConversationStore } from './conversation-store.js';
import { parseStored } from './file-conversation-store.js';
import type { PostgresQueryable } from './postgres-queryable.js';
import { postgresSharedCapabilities } from './postgres-shared-capabilities.js';

export type { PostgresQueryable } from './postgres-queryable.js';

/** Options of {@link postgresConversationStore}. */
export interface PostgresConversationStoreOptions {
  /** The client: a `pg` `Pool` (the usual choice for a server), a `Client`, or PGlite. */
  client: PostgresQueryable;
  /**
   * The table, created on first use when missing (`create table if not exists`), and beside it
   * `<table>_files` for the files kept with conversations and `<table>_capabilities` for shared
   * capabilities. A plain name or `schema.name`, letters,
   * digits and underscores, the name at most 50 characters. Default `agent_context_conversations`.
   */
  table?: string;
  /** The largest stored conversation read or written, in bytes (16 MiB). @default 16777216 */
  maxSnapshotBytes?: number;
}

/**
 * A conversation store in PostgreSQL, for many workers on many machines. One row per conversation
 * (`conversation_id`, `version`, `snapshot` as JSON text, `updated_at`), and one per kept file in
 * `<table>_files` (`conversation_id`, `path`, `text`). `load` is one query; `save` is one statement
 * whose `where version = expected` makes the version check and the write one atomic step, so of two
 * workers saving on one version exactly one wins and the other gets `state-conflict`, whatever the
 * isolation level; the kept files are inserted by the same statement, only when the version was
 * (a path kept before keeps its first text). The tables are created by the first call of a store
 * (one more round trip, once).
 *
 * @example
 * import pg from 'pg';
 * const store = postgresConversationStore({ client: new pg.Pool({ connectionString }) });
 */
export function postgresConversationStore(
  options: PostgresConversationStoreOptions,
): Required<ConversationStore> {
  const client = options?.client;
  if (client === null || typeof client !== 'object' || typeof client.query !== 'function') {
    throw new AgentContextError(
      'postgresConversationStore needs a `client` with a `query` method (a pg Pool).',
      {
        code: 'invalid-option',
        reason: 'client',
      },
    );
  }
  const table = options.table ?? conversationDefaults.table;
  if (!/^([A-Za-z_][A-Za-z0-9_]{0,62}\.)?[A-Za-z_][A-Za-z0-9_]{0,49}$/.test(table)) {
    throw new AgentContextError(
      `postgresConversationStore: the table ${JSON.stringify(table)} is not a plain name (letters, digits, underscores, at most 50 characters, optionally schema.name).`,
      { code: 'invalid-option', reason: 'table' },
    );
  }
  const maxBytes = options.maxSnapshotBytes ?? conversationDefaults.maxSnapshotBytes;
  const filesTable = `${table}_files`;
  const capabilitiesTable = `${table}_capabilities`;
  const name = `PostgreSQL conversation store (table ${table})`;
  let ready: Promise<void> | undefined;
  const prepare = () => {
    ready ??= (async () => {
      await client.query(
        `create table if not exists ${table} (
          conversation_id text primary key,
          version bigint not null,
          snapshot text not null,
          updated_at timestamptz not null default now()
        )`,
      );
      // A kept file's text is stored as a JSON string: any text, NUL characters included, fits.
      await client.query(
        `create table if not exists ${filesTable} (
          conversation_id text not null,
          path text not null,
          text_json text not null,
          primary key (conversation_id, path)
        )`,
      );
      await client.query(
        `create table if not exists ${capabilitiesTable} (
          shared_name text not null,
          name text not null,
          module_file text not null,
          status text not null,
          sha256 text not null,
          updated_at text not null,
          code_json text not null,
          primary key (shared_name, name)
        )`,
      );
    })().catch((error: unknown) => {
      ready = undefined;
      throw storeFailed(name, 'create its tables', error);
    });
    return ready;
  };

  return {
    async load(conversationId) {
      checkConversationId(conversationId);
      await prepare();
      let rows: Array<Record<string, unknown>>;
      try {
        ({ rows } = await client.query(`select version, snapshot from ${table} where conversation_id = $1`, [
          conversationId,
        ]));
      } catch (error) {
        throw storeFailed(name, 'read a conversation', error);
      }
      const row = rows[0];
      if (row === undefined) return undefined;
      const text = String(row.snapshot);
      if (Buffer.byteLength(text) > maxBytes) {
        throw new AgentContextError(
          `Stored conversation ${JSON.stringify(conversationId)} is over the limit of ${maxBytes} bytes (maxSnapshotBytes); it was not read.`,
          { code: 'snapshot-invalid', reason: 'too large' },
        );
      }
      return parseStored(text, conversationId, Number(row.version));
    },

    async save(conversationId, snapshot: SessionSnapshot, expectedVersion, files = []) {
      checkConversationId(conversationId);
      checkExpectedVersion(expectedVersion);
      const version = expectedVersion + 1;
      const text = JSON.stringify({ conversationId, version, snapshot });
      if (Buffer.byteLength(text) > maxBytes) {
        throw new AgentContextError(
          `A conversation of ${Buffer.byteLength(text)} bytes is over the limit of ${maxBytes} bytes (maxSnapshotBytes); it was not saved.`,
          { code: 'snapshot-invalid', reason: 'too large' },
        );
      }
      const kept = checkedFiles(files, maxBytes);
      await prepare();
      // The version write, then the files, in one statement: the files go in only when the version did.
      const saved =
        expectedVersion === 0
          ? `insert into ${table} (conversation_id, version, snapshot) values ($1, 1, $2)
             on conflict (conversation_id) do nothing returning version`
          : `update ${table} set version = $3, snapshot = $2, updated_at = now()
             where conversation_id = $1 and version = $4 returning version`;
      const values: unknown[] =
        expectedVersion === 0 ? [conversationId, text] : [conversationId, text, version, expectedVersion];
      let rows: Array<Record<string, unknown>>;
      try {
        if (kept.length === 0) {
          ({ rows } = await client.query(saved, values));
        } else {
          const paths = values.length + 1;
          ({ rows } = await client.query(
            `with saved as (${saved}),
             kept as (
               insert into ${filesTable} (conversation_id, path, text_json)
               select $1, file.path, file.text_json
               from unnest($${paths}::text[], $${paths + 1}::text[]) as file(path, text_json)
               where exists (select 1 from saved)
               on conflict (conversation_id, path) do nothing
             )
             select version from saved`,
            [...values, kept.map((file) => file.path), kept.map((file) => JSON.stringify(file.text))],
          ));
        }
      } catch (error) {
        throw storeFailed(name, 'save a conversation', error);
      }
      if (rows.length === 1) return version;
      let stored: number | undefined;
      try {
        const current = await client.query(`select version from ${table} where conversation_id = $1`, [
          conversationId,
        ]);
        stored = current.rows[0] === undefined ? 0 : Number(current.rows[0].version);
      } catch {
        stored = undefined;
      }
      throw stateConflict(conversationId, expectedVersion, stored);
    },

    async loadFiles(conversationId, paths) {
      checkConversationId(conversationId);
      if (paths.length === 0) return [];
      await prepare();
      let rows: Array<Record<string, unknown>>;
      try {
        ({ rows } = await client.query(
          `select path, text_json from ${filesTable} where conversation_id = $1 and path = any($2::text[])`,
          [conversationId, [...paths]],
        ));
      } catch (error) {
        throw storeFailed(name, 'read the files of a conversation', error);
      }
      const byPath = new Map(rows.map((row) => [String(row.path), String(row.text_json)]));
      return paths.flatMap((wanted) => {
        const stored = byPath.get(wanted);
        return stored === undefined
          ? []
          : [{ path: wanted, text: parseKeptText(stored, conversationId, wanted) }];
      });
    },

    sharedCapabilities: (sharedName = 'default') =>
      postgresSharedCapabilities(client, capabilitiesTable, sharedName, prepare),

    async delete(conversationId) {
      checkConversationId(conversationId);
      await prepare();
      try {
        await client.query(
          `with files as (delete from ${filesTable} where conversation_id = $1)
           delete from ${table} where conversation_id = $1`,
          [conversationId],
        );
      } catch (error) {
        throw storeFailed(name, 'delete a conversation', error);
      }
    },
  };
}

/** The files of a save, checked: each a non-empty path and a text, none over `maxBytes`. */
function checkedFiles(files: readonly ConversationFile[], maxBytes: number): ConversationFile[] {
  return files.map((file) => {
    if (typeof file?.path !== 'string' || file.path === '' || typeof file.text !== 'string') {
      throw new AgentContextError('A kept file needs a non-empty `path` and a `text` string.', {
        code: 'invalid-option',
        reason: 'files',
      });
    }
    const bytes = Buffer.byteLength(JSON.stringify(file.text));
    if (bytes > maxBytes) {
      throw new AgentContextError(
        `The kept file ${JSON.stringify(file.path)} of ${bytes} bytes is over the limit of ${maxBytes} bytes (maxSnapshotBytes); the conversation was not saved.`,
        { code: 'snapshot-invalid', path: file.path, reason: 'too large' },
      );
    }
    return { path: file.path, text: file.text };
  });
}

/** A kept file's stored JSON string, checked. */
function parseKeptText(stored: string, conversationId: string, wanted: string): string {
  let text: unknown;
  try {
    text = JSON.parse(stored);
  } catch {
    text = undefined;
  }
  if (typeof text !== 'string') {
    throw new AgentContextError(
      `The kept file ${JSON.stringify(wanted)} of conversation ${JSON.stringify(conversationId)} is damaged; it was left as it is.`,
      { code: 'snapshot-invalid', path: wanted, reason: 'kept file' },
    );
  }
  return text;
}
