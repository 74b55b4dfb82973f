import type {
  SharedCapabilities,
  SharedCapability,
  SharedCapabilityRecord,
} from '../capability-creation/shared-capabilities.js';
import { storeFailed } from './conversation-errors.js';
import type { PostgresQueryable } from './postgres-queryable.js';

/**
 * The shared capabilities of `postgresConversationStore`: one row per capability in
 * `<table>_capabilities` (`shared_name`, `name`, `module_file`, `status`, `sha256`, `updated_at`, the
 * code as a JSON string). `list` and `read` are one query each; `publish` is one upsert that keeps a
 * row with a later `updated_at`.
 */
export function postgresSharedCapabilities(
  client: PostgresQueryable,
  table: string,
  name: string,
  prepare: () => Promise<void>,
): SharedCapabilities {
  const store = `shared capabilities "${name}" in PostgreSQL (table ${table})`;
  const query = async (text: string, values: unknown[], doing: string) => {
    await prepare();
    try {
      return (await client.query(text, values)).rows;
    } catch (error) {
      throw storeFailed(store, doing, error);
    }
  };
  const record = (row: Record<string, unknown>): SharedCapabilityRecord => ({
    name: String(row.name),
    moduleFile: String(row.module_file),
    status: row.status === 'disabled' ? 'disabled' : 'active',
    sha256: String(row.sha256),
    updatedAt: String(row.updated_at),
  });
  return {
    async list() {
      const rows = await query(
        `select name, module_file, status, sha256, updated_at from ${table} where shared_name = $1 order by name`,
        [name],
        'list the shared capabilities',
      );
      return rows.map(record);
    },
    async read(names) {
      if (names.length === 0) return [];
      const rows = await query(
        `select name, module_file, status, sha256, updated_at, code_json from ${table}
         where shared_name = $1 and name = any($2::text[]) order by name`,
        [name, [...names]],
        'read shared capabilities',
      );
      return rows.flatMap((row): SharedCapability[] => {
        let code: unknown;
        try {
          code = JSON.parse(String(row.code_json));
        } catch {
          code = undefined;
        }
        // A damaged row is left out here; the store taking it names it (it does not match its record).
        return typeof code === 'string' ? [{ ...record(row), code }] : [];
      });
    },
    async publish(capability) {
      await query(
        `insert into ${table} (shared_name, name, module_file, status, sha256, updated_at, code_json)
         values ($1, $2, $3, $4, $5, $6, $7)
         on conflict (shared_name, name) do update set
           module_file = excluded.module_file, status = excluded.status, sha256 = excluded.sha256,
           updated_at = excluded.updated_at, code_json = excluded.code_json
         where ${table}.updated_at <= excluded.updated_at`,
        [
          name,
          capability.name,
          capability.moduleFile,
          capability.status,
          capability.sha256,
          capability.updatedAt,
          JSON.stringify(capability.code),
        ],
        'publish a capability',
      );
    },
  };
}
