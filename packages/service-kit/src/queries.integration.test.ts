import type { EntitySchema, MikroORM } from '@mikro-orm/core';
import { Migration } from '@mikro-orm/migrations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db.js';
import { execute, rows } from './queries.js';
import { createTestDatabase } from './testing/index.js';

class NotesMigration extends Migration {
  override async up() {
    this.addSql('CREATE TABLE notes (id int PRIMARY KEY, label text NOT NULL)');
  }
}

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let orm: MikroORM;

beforeAll(async () => {
  db = await createTestDatabase('kit_queries');
  orm = await openDatabase({
    url: db.url,
    entities: [] as EntitySchema[],
    migrations: [{ name: 'Migration20261128000000', class: NotesMigration }],
    poolMax: 2,
  });
});

afterAll(async () => {
  await orm?.close(true);
  await db?.drop();
});

describe('the kit helpers for hand-written SQL (issue 21 item 6)', () => {
  it('rows<T> and execute run inside the caller transaction (an uncommitted row is seen, then rolled back)', async () => {
    const em = orm.em.fork();
    await expect(
      em.transactional(async (tx) => {
        expect(
          await execute(tx, 'insert into notes (id, label) values (?, ?), (?, ?)', [1, 'a', 2, 'b']),
        ).toBe(2);
        const seen = await rows<{ id: number; label: string }>(tx, 'select id, label from notes order by id');
        expect(seen).toEqual([
          { id: 1, label: 'a' },
          { id: 2, label: 'b' },
        ]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await rows(orm.em.fork(), 'select id from notes')).toEqual([]);
  });

  it('an array is a parameter (any(array[?]::type[])): values with commas, braces and quotes stay whole', async () => {
    const em = orm.em.fork();
    const labels = ['plain', 'with,comma', '{braces}', `it's "quoted"`];
    await execute(
      em,
      'insert into notes (id, label) select i, l from unnest(array[?]::int[], array[?]::text[]) as t(i, l)',
      [[10, 11, 12, 13], labels],
    );
    const found = await rows<{ id: number }>(
      em,
      'select id from notes where id = any(array[?]::int[]) and label = any(array[?]::text[]) order by id',
      [[10, 11, 12, 13, 99], labels],
    );
    expect(found.map((r) => r.id)).toEqual([10, 11, 12, 13]);
    expect(await execute(em, 'delete from notes where id = any(array[?]::int[])', [[10, 11]])).toBe(2);
  });
});
