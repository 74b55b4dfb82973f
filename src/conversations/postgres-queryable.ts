/**
 * What the store needs of a PostgreSQL client: `query(text, values)` resolving to `{ rows }`. A
 * `pg` `Pool` or `Client` is one, and so is PGlite (`@electric-sql/pglite`); agent-context imports
 * no database package.
 */
export interface PostgresQueryable {
  query(text: string, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
}
