import { MikroORM, type EntitySchema, type Options } from '@mikro-orm/core';
import { Migrator, type Migration } from '@mikro-orm/migrations';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import pg from 'pg';
import { kitEntities, kitMigrations } from './kit-tables.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type TMigrationList = { name: string; class: new (...args: any[]) => Migration }[];

/** Creates the service's database when it does not exist yet (one database per service). */
export async function ensureDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) {
      await client
        .query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`)
        .catch((error: { code?: string }) => {
          if (error.code !== '42P04') throw error; // created by a sibling replica meanwhile
        });
    }
  } finally {
    await client.end();
  }
}

export interface DatabaseOptions {
  url: string;
  entities: EntitySchema[];
  migrations: TMigrationList;
  poolMax: number;
  debug?: boolean;
}

/** MikroORM on PostgreSQL with the kit's tables (outbox, inbox) and the service's migrations run at start. */
export async function openDatabase(options: DatabaseOptions): Promise<MikroORM> {
  await ensureDatabase(options.url);
  const config: Options<PostgreSqlDriver> = {
    driver: PostgreSqlDriver,
    clientUrl: options.url,
    entities: [...kitEntities, ...options.entities],
    discovery: { disableDynamicFileAccess: true, warnWhenNoEntities: false },
    extensions: [Migrator],
    migrations: {
      migrationsList: [...kitMigrations, ...options.migrations],
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      silent: true,
    },
    pool: { min: 0, max: options.poolMax },
    allowGlobalContext: false,
    forceUtcTimezone: true,
    debug: options.debug ?? false,
  };
  const orm = await MikroORM.init(config);
  // Two replicas starting together must not run the same migration twice: serialize on an advisory lock.
  const connection = orm.em.getConnection();
  await orm.em.transactional(async (em) => {
    await em
      .getConnection()
      .execute('SELECT pg_advisory_xact_lock(7234001)', [], 'get', em.getTransactionContext());
    await orm.getMigrator().up();
  });
  void connection;
  return orm;
}
