import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A PostgreSQL server of the tests: its connection string, and `stop()`. */
export interface PostgresServer {
  connectionString: string;
  stop(): void;
}

/**
 * Test support: a real PostgreSQL server for one test file. `AGENT_CONTEXT_POSTGRES_URL` names one
 * already running (CI may start it); otherwise a new cluster is made in a temporary directory with the
 * OS package's `initdb` and started with `pg_ctl` on a free loopback port (as the `postgres` user
 * when the tests run as root, since PostgreSQL refuses to run as root), and removed by `stop()`.
 * `undefined`, with the reason in `skipReason`, when neither is possible.
 */
export async function startPostgresServer(): Promise<PostgresServer | undefined> {
  const given = process.env.AGENT_CONTEXT_POSTGRES_URL;
  if (given) return { connectionString: given, stop: () => undefined };
  const binaries = postgresBinaries();
  if (binaries === undefined) return undefined;
  const directory = mkdtempSync(path.join(tmpdir(), 'agent-context-postgres-'));
  const data = path.join(directory, 'data');
  const asRoot = process.getuid?.() === 0;
  // The postgres user must reach the cluster's folder.
  if (asRoot) chmodSync(directory, 0o777);
  const run = (command: string, args: string[]) => {
    const result = asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' })
      : spawnSync(command, args, { encoding: 'utf8' });
    if (result.status !== 0) {
      throw new Error(`${path.basename(command)} failed: ${result.stderr || result.stdout || result.error}`);
    }
  };
  const port = await freePort();
  run(path.join(binaries, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '-A',
    'trust',
    '--no-sync',
    '-E',
    'UTF8',
  ]);
  run(path.join(binaries, 'pg_ctl'), [
    '-D',
    data,
    '-w',
    '-l',
    path.join(directory, 'log'),
    '-o',
    `-p ${port} -k ${directory} -h 127.0.0.1 -F`,
    'start',
  ]);
  return {
    connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run(path.join(binaries, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(directory, { recursive: true, force: true });
      }
    },
  };
}

/** Why {@link startPostgresServer} gave no server. */
export const skipReason =
  'PostgreSQL is not installed (apt-get install postgresql) and AGENT_CONTEXT_POSTGRES_URL is not set';

/**
 * For a test that needs the server: `true` (go on) when there is one; otherwise a warning and `false`
 * (skip), or a failure where PostgreSQL is required (`AGENT_CONTEXT_REQUIRE_POSTGRES=1`, which
 * `.ci/run` sets after installing it).
 */
export function postgresAvailable(server: PostgresServer | undefined): server is PostgresServer {
  if (server !== undefined) return true;
  if (process.env.AGENT_CONTEXT_REQUIRE_POSTGRES === '1') throw new Error(skipReason);
  console.warn(`skipped: ${skipReason}`);
  return false;
}

/** The folder of `initdb` and `pg_ctl`: on PATH, or in the newest Debian `/usr/lib/postgresql/N/bin`. */
function postgresBinaries(): string | undefined {
  try {
    const found = execFileSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).trim();
    if (found !== '') return path.dirname(found);
  } catch {
    // Not on PATH: look where Debian puts it.
  }
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((name) => existsSync(path.join(base, name, 'bin', 'initdb')))
    .sort((left, right) => Number(right) - Number(left));
  return versions[0] === undefined ? undefined : path.join(base, versions[0], 'bin');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
