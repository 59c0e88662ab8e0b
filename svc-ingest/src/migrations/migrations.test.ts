import { fileURLToPath } from 'node:url';
import { findSchemaDrift } from '@dealflow/service-kit';
import { describe, expect, it } from 'vitest';
import { entities } from '../entities/index.js';
import { migrations } from './index.js';

const dir = fileURLToPath(new URL('.', import.meta.url));

describe('migrations', () => {
  it('agree with the entities: after every migration ran, the schema diff is empty', async () => {
    expect(await findSchemaDrift({ name: 'ingest', entities, migrations, dir })).toEqual([]);
  }, 60_000);
});
