import pg from 'pg';

/** A statement PostgreSQL parses and plans once per connection, then only executes. */
export interface PreparedStatement {
  /** Unique per statement text in the service, e.g. `identity.session-view`. */
  name: string;
  text: string;
}

/**
 * Named prepared statements for the few reads on every request's path (GET /api/auth/me, session
 * introspection). MikroORM sends each query as text with the values inlined, so PostgreSQL parses and
 * plans it again every time: for a three-table join that is ~100 µs of database CPU against ~25 µs for
 * an executed prepared statement (measured here: svc-identity's README, "Session reads"). Everything else stays on
 * the ORM. Rows come back as MikroORM's raw `execute` returns them (dates and timestamps as strings).
 */
export interface SqlReader {
  rows<TRow>(statement: PreparedStatement, values: readonly unknown[]): Promise<TRow[]>;
  end(): Promise<void>;
}

/** The type parsers MikroORM's PostgreSQL connection uses, so both paths return the same values. */
function ormCompatibleTypes(): pg.CustomTypesConfig {
  const types = new pg.TypeOverrides();
  for (const oid of [1082, 1114, 1184, 1186]) types.setTypeParser(oid, (value: string) => value);
  return types;
}

export function createSqlReader(url: string, max: number): SqlReader {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    types: ormCompatibleTypes(),
  });
  // An idle client's error (the server restarted) must not crash the process; the pool drops that client.
  pool.on('error', () => undefined);
  return {
    async rows<TRow>(statement: PreparedStatement, values: readonly unknown[]) {
      const result = await pool.query({ name: statement.name, text: statement.text, values: [...values] });
      return result.rows as TRow[];
    },
    end: () => pool.end(),
  };
}
