import { constants } from 'node:fs';
import { access, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EntitySchema } from '@mikro-orm/core';
import { Migration } from '@mikro-orm/migrations';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { TMigrationList } from './db.js';
import { createMigration, findSchemaDrift, runMigrationCli } from './migrations.js';
import { createTestDatabase } from './testing/index.js';

interface Gadget {
  id: number;
  orgId: number;
  label: string;
  createdAt: Date;
}
const GadgetSchema = new EntitySchema<Gadget>({
  name: 'Gadget',
  tableName: 'kit_test_gadget',
  properties: {
    id: { type: 'number', primary: true, autoincrement: true },
    orgId: { type: 'number', fieldName: 'org_id', index: true },
    label: { type: 'string', length: 120 },
    createdAt: { type: 'Date', columnType: 'timestamptz', defaultRaw: 'now()' },
  },
});

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('migrations from the migrator, with the snapshot', () => {
  it('reports drift, generates the migration and its snapshot, and then agrees', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'kit-migrations-'));
    dirs.push(dir);
    const source = { name: 'gadgets', entities: [GadgetSchema as EntitySchema], migrations: [], dir };

    const before = await findSchemaDrift(source);
    expect(before.join('\n')).toContain('create table "kit_test_gadget"');

    const created = await createMigration(source);
    expect(created.fileName).toMatch(/^Migration\d{14}\.ts$/);
    const files = await readdir(dir);
    expect(files).toContain('.snapshot-gadgets.json');
    const snapshot = JSON.parse(await readFile(path.join(dir, '.snapshot-gadgets.json'), 'utf8'));
    expect(snapshot.tables.map((t: { name: string }) => t.name)).toContain('kit_test_gadget');

    const className = created.fileName.replace(/\.ts$/, '');
    const module = (await import(path.join(dir, created.fileName))) as Record<
      string,
      TMigrationList[0]['class']
    >;
    const migrations: TMigrationList = [{ name: className, class: module[className]! }];
    expect(await findSchemaDrift({ ...source, migrations })).toEqual([]);
    // Nothing changed since: the migrator has nothing more to write.
    expect((await createMigration({ ...source, migrations })).fileName).toBe('');
  }, 60_000);

  it('regenerates an existing migration under its own name (databases that ran it skip it)', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'kit-migrations-'));
    dirs.push(dir);
    const source = { name: 'gadgets', entities: [GadgetSchema as EntitySchema], migrations: [], dir };
    const created = await createMigration(source, { replace: 'Migration20261121000000' });
    expect(created.fileName).toBe('Migration20261121000000.ts');
    expect(await readFile(path.join(dir, created.fileName), 'utf8')).toContain(
      'export class Migration20261121000000 extends Migration',
    );
  }, 60_000);
});

// The "Database schema not initialized" notice (seed 000) tells people to run ./setup.sh: the script exists and
// runs each service's `migrate.js up`, which brings an empty database to the service's schema.
class CreateGadgets extends Migration {
  override async up(): Promise<void> {
    this.addSql('create table "kit_test_gadget" ("id" serial primary key, "label" varchar(120) not null);');
  }
}

describe('./setup.sh and migrate up', () => {
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

  it('the notice names a script that exists and migrates every service', async () => {
    const script = await readFile(path.join(repoRoot, 'setup.sh'), 'utf8');
    await access(path.join(repoRoot, 'setup.sh'), constants.X_OK);
    expect(script).toContain('migrate.js" up');
    for (const service of ['identity', 'billing', 'ingest', 'crm']) {
      expect(script).toContain(service);
      const cli = await readFile(path.join(repoRoot, `svc-${service}/src/migrate.ts`), 'utf8');
      expect(cli).toContain('runMigrationCli');
    }
  });

  it('migrate up creates the tables of an empty database (DATABASE_URL)', async () => {
    const db = await createTestDatabase('kit_migrate_up');
    const previous = process.env.DATABASE_URL;
    const client = new pg.Client({ connectionString: db.url });
    try {
      process.env.DATABASE_URL = db.url;
      await runMigrationCli(
        {
          name: 'gadgets',
          entities: [GadgetSchema as EntitySchema],
          migrations: [{ name: 'Migration20260101000000', class: CreateGadgets }],
          dir: tmpdir(),
        },
        ['up'],
      );
      await client.connect();
      const { rows } = await client.query('SELECT count(*)::int AS n FROM kit_test_gadget');
      expect(rows).toEqual([{ n: 0 }]);
    } finally {
      if (previous === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = previous;
      await client.end().catch(() => undefined);
      await db.drop();
    }
  }, 60_000);
});
