import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MikroORM, type EntitySchema, type Options } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import pg from 'pg';
import { ensureDatabase, openDatabase, type TMigrationList } from './db.js';
import { kitEntities, kitMigrations } from './kit-tables.js';

/** What a service's migrations are made from: its entities, its migrations so far and their folder. */
export interface TMigrationSource {
  /** The service's name: the snapshot is `<dir>/.snapshot-<name>.json`. */
  name: string;
  entities: EntitySchema[];
  migrations: TMigrationList;
  /** Absolute path of the service's `src/migrations` folder. */
  dir: string;
}

const adminUrl = () => process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Runs `fn` on a scratch database that has exactly the given migrations applied (the kit's first), then
 * drops it. The migrator compares the entities with that database (and the committed snapshot).
 */
async function withMigratedScratch<T>(
  source: TMigrationSource,
  migrations: TMigrationList,
  fileName: ((timestamp: string) => string) | undefined,
  fn: (orm: MikroORM) => Promise<T>,
): Promise<T> {
  const dbName = `scratch_${source.name}_${randomBytes(4).toString('hex')}`;
  const url = new URL(adminUrl());
  url.pathname = `/${dbName}`;
  await ensureDatabase(url.toString());
  const config: Options<PostgreSqlDriver> = {
    driver: PostgreSqlDriver,
    clientUrl: url.toString(),
    entities: [...kitEntities, ...source.entities],
    discovery: { disableDynamicFileAccess: true, warnWhenNoEntities: false },
    extensions: [Migrator],
    migrations: {
      migrationsList: [...kitMigrations, ...migrations],
      path: source.dir,
      pathTs: source.dir,
      emit: 'ts',
      snapshot: true,
      snapshotName: `.snapshot-${source.name}`,
      transactional: true,
      allOrNothing: true,
      silent: true,
      ...(fileName ? { fileName } : {}),
    },
    allowGlobalContext: true,
    forceUtcTimezone: true,
  };
  const orm = await MikroORM.init(config);
  try {
    await orm.getMigrator().up();
    return await fn(orm);
  } finally {
    await orm.close(true);
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).finally(() => admin.end());
  }
}

/**
 * Generates the next migration from the difference between the entities and the migrations so far, and
 * writes the snapshot beside it (medusa's `.snapshot-*.json`, reviewed in the diff). `replace` regenerates
 * an existing migration under its own name (its class and file keep the name databases recorded).
 */
export async function createMigration(
  source: TMigrationSource,
  options: { replace?: string } = {},
): Promise<{ fileName: string; statements: string[] }> {
  const migrations = options.replace
    ? source.migrations.filter((m) => m.name !== options.replace)
    : source.migrations;
  const replace = options.replace;
  return withMigratedScratch(source, migrations, replace ? () => replace : undefined, async (orm) => {
    const result = await orm.getMigrator().createMigration(source.dir);
    if (replace && result.fileName) {
      // The generator names the class after the timestamp; the replaced migration keeps its recorded name.
      const file = path.join(source.dir, result.fileName);
      const code = await readFile(file, 'utf8');
      await writeFile(file, code.replace(/export class Migration\d+ /, `export class ${replace} `));
    }
    return { fileName: result.fileName, statements: result.diff.up.filter((s) => s.trim() !== '') };
  });
}

/**
 * The SQL that would still be needed after every migration ran to reach what the entities declare:
 * empty when entities and migrations agree. A service's test asserts it is empty.
 */
export async function findSchemaDrift(source: TMigrationSource): Promise<string[]> {
  return withMigratedScratch(source, source.migrations, undefined, async (orm) => {
    const sql = await orm
      .getSchemaGenerator()
      .getUpdateSchemaSQL({ wrap: false, safe: false, dropTables: true });
    return sql
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '');
  });
}

/**
 * A service's `npm run migration:create` (and `migration:check`):
 *   node dist/migrate.js create [--replace <MigrationName>]
 *   node dist/migrate.js check
 *   node dist/migrate.js up      (DATABASE_URL: creates the database if missing and runs every migration, as the
 *                                 service does when it starts; ./setup.sh runs it for every service)
 */
export async function runMigrationCli(source: TMigrationSource, argv = process.argv.slice(2)): Promise<void> {
  const [command, flag, value] = argv;
  if (command === 'create') {
    const result = await createMigration(source, flag === '--replace' && value ? { replace: value } : {});
    console.log(
      result.fileName
        ? `wrote ${result.fileName} (${result.statements.length} statements) and the snapshot in ${source.dir}`
        : 'entities and migrations agree: no migration needed',
    );
    return;
  }
  if (command === 'check') {
    const drift = await findSchemaDrift(source);
    if (drift.length === 0) {
      console.log('entities and migrations agree');
      return;
    }
    console.error(`entities and migrations differ; run migration:create. Missing:\n${drift.join('\n')}`);
    process.exitCode = 1;
    return;
  }
  if (command === 'up') {
    const url = process.env.DATABASE_URL;
    if (!url) {
      console.error(
        `${source.name}: set DATABASE_URL to the service's database (postgres://user:password@host:5432/db)`,
      );
      process.exitCode = 2;
      return;
    }
    const orm = await openDatabase({
      url,
      entities: source.entities,
      migrations: source.migrations,
      poolMax: 2,
    });
    const applied = await orm.getMigrator().getExecutedMigrations();
    await orm.close(true);
    console.log(`${source.name}: schema up to date (${applied.length} migrations applied)`);
    return;
  }
  console.error('usage: migrate create [--replace <MigrationName>] | migrate check | migrate up');
  process.exitCode = 2;
}
