import { AgentContextError } from '../errors.js';
import type { SessionSnapshot } from '../session/session-snapshot.js';
import { conversationDefaults } from './conversation-defaults.js';
import {
  checkConversationId,
  checkExpectedVersion,
  stateConflict,
  storeFailed,
} from './conversation-errors.js';
import type { ConversationStore } from './conversation-store.js';
import { parseStored } from './file-conversation-store.js';

/**
 * What the store needs of a PostgreSQL client: `query(text, values)` resolving to `{ rows }`. A
 * `pg` `Pool` or `Client` is one, and so is PGlite (`@electric-sql/pglite`); agent-context imports
 * no database package.
 */
export interface PostgresQueryable {
  query(text: string, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
}

/** Options of {@link postgresConversationStore}. */
export interface PostgresConversationStoreOptions {
  /** The client: a `pg` `Pool` (the usual choice for a server), a `Client`, or PGlite. */
  client: PostgresQueryable;
  /**
   * The table, created on first use when missing (`create table if not exists`). A plain name or
   * `schema.name`, letters, digits and underscores. Default `agent_context_conversations`.
   */
  table?: string;
  /** The largest stored conversation read or written, in bytes (16 MiB). @default 16777216 */
  maxSnapshotBytes?: number;
}

/**
 * A conversation store in PostgreSQL, for many workers on many machines. One row per conversation
 * (`conversation_id`, `version`, `snapshot` as JSON text, `updated_at`). `load` is one query; `save`
 * is one statement whose `where version = expected` makes the version check and the write one atomic
 * step, so of two workers saving on one version exactly one wins and the other gets
 * `state-conflict`, whatever the isolation level. The table is created by the first call of a store
 * (one more round trip, once).
 *
 * @example
 * import pg from 'pg';
 * const store = postgresConversationStore({ client: new pg.Pool({ connectionString }) });
 */
export function postgresConversationStore(options: PostgresConversationStoreOptions): ConversationStore {
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
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}(\.[A-Za-z_][A-Za-z0-9_]{0,62})?$/.test(table)) {
    throw new AgentContextError(
      `postgresConversationStore: the table ${JSON.stringify(table)} is not a plain name (letters, digits, underscores, optionally schema.name).`,
      { code: 'invalid-option', reason: 'table' },
    );
  }
  const maxBytes = options.maxSnapshotBytes ?? conversationDefaults.maxSnapshotBytes;
  const name = `PostgreSQL conversation store (table ${table})`;
  let ready: Promise<void> | undefined;
  const prepare = () => {
    ready ??= client
      .query(
        `create table if not exists ${table} (
          conversation_id text primary key,
          version bigint not null,
          snapshot text not null,
          updated_at timestamptz not null default now()
        )`,
      )
      .then(
        () => undefined,
        (error: unknown) => {
          ready = undefined;
          throw storeFailed(name, 'create its table', error);
        },
      );
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

    async save(conversationId, snapshot: SessionSnapshot, expectedVersion) {
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
      await prepare();
      let rows: Array<Record<string, unknown>>;
      try {
        ({ rows } =
          expectedVersion === 0
            ? await client.query(
                `insert into ${table} (conversation_id, version, snapshot) values ($1, 1, $2)
                 on conflict (conversation_id) do nothing returning version`,
                [conversationId, text],
              )
            : await client.query(
                `update ${table} set version = $3, snapshot = $2, updated_at = now()
                 where conversation_id = $1 and version = $4 returning version`,
                [conversationId, text, version, expectedVersion],
              ));
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

    async delete(conversationId) {
      checkConversationId(conversationId);
      await prepare();
      try {
        await client.query(`delete from ${table} where conversation_id = $1`, [conversationId]);
      } catch (error) {
        throw storeFailed(name, 'delete a conversation', error);
      }
    },
  };
}
