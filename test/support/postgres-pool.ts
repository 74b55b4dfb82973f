import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { type PostgresServer, postgresAvailable, startPostgresServer } from './postgres-server.js';

/** The server and pool of {@link usePostgresPool}, set once the file's tests start. */
export interface PostgresPool {
  readonly server: PostgresServer | undefined;
  readonly pool: pg.Pool | undefined;
  /**
   * Run `test` with `value` when it is there; without a server (`value` undefined), say why and pass,
   * or fail where `AGENT_CONTEXT_REQUIRE_POSTGRES=1` asks for PostgreSQL (as CI does).
   */
  whenAvailable<Value>(value: Value | undefined, test: (value: Value) => Promise<void>): Promise<void>;
}

/**
 * Test support: a real PostgreSQL server (see `startPostgresServer`) and a `pg` pool of `max`
 * connections on it for the tests of one file, started before them and ended after them.
 */
export function usePostgresPool(max: number): PostgresPool {
  let server: PostgresServer | undefined;
  let pool: pg.Pool | undefined;
  beforeAll(async () => {
    server = await startPostgresServer();
    if (server) pool = new pg.Pool({ connectionString: server.connectionString, max });
  }, 60_000);
  afterAll(async () => {
    await pool?.end();
    server?.stop();
  });
  return {
    get server() {
      return server;
    },
    get pool() {
      return pool;
    },
    async whenAvailable(value, test) {
      if (value === undefined) {
        postgresAvailable(server);
        return;
      }
      await test(value);
    },
  };
}
