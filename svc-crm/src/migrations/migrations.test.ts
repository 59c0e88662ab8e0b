import { fileURLToPath } from 'node:url';
import { findSchemaDrift } from '@dealflow/service-kit';
import { describe, expect, it } from 'vitest';
import { crmEntities } from '../entities/index.js';
import { crmMigrations } from './index.js';

describe('crm migrations', () => {
  it('reach exactly what the entities declare (types, lengths, defaults, indexes, uniques, foreign keys)', async () => {
    const drift = await findSchemaDrift({
      name: 'crm',
      entities: crmEntities,
      migrations: crmMigrations,
      dir: fileURLToPath(new URL('.', import.meta.url)),
    });
    expect(drift).toEqual([]);
  });
});
