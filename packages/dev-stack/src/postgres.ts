import pg from 'pg';

/** Admin connection used to create databases: the machine's PostgreSQL (trust auth) unless told otherwise. */
export const DEFAULT_ADMIN_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Creates the database named in `url` if it does not exist (connecting to the server's `postgres` db). */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) {
      try {
        await client.query(`CREATE DATABASE ${quoteIdent(name)}`);
      } catch (error) {
        // Two processes creating the same database at once: the loser sees 42P04 (duplicate_database).
        if ((error as { code?: string }).code !== '42P04') throw error;
      }
    }
  } finally {
    await client.end();
  }
}

export async function dropDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** A fresh, uniquely named database on the admin server; `drop()` removes it. */
export async function createDatabase(prefix: string, adminUrl = DEFAULT_ADMIN_URL) {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`.toLowerCase();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await ensureDatabase(url.toString());
  return { name, url: url.toString(), drop: () => dropDatabase(url.toString()) };
}
