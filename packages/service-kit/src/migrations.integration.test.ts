import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EntitySchema } from '@mikro-orm/core';
import { afterAll, describe, expect, it } from 'vitest';
import type { TMigrationList } from './db.js';
import { createMigration, findSchemaDrift } from './migrations.js';

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
