import { fileURLToPath } from 'node:url';
import { findSchemaDrift } from '@dealflow/service-kit';
import { describe, expect, it } from 'vitest';
import { identityEntities } from '../entities/index.js';
import { identityMigrations } from './index.js';

describe('identity migrations', () => {
  it('reach exactly what the entities declare (types, lengths, defaults, indexes, uniques, foreign keys)', async () => {
    const drift = await findSchemaDrift({
      name: 'identity',
      entities: identityEntities,
      migrations: identityMigrations,
      dir: fileURLToPath(new URL('.', import.meta.url)),
    });
    expect(drift).toEqual([]);
  });
});
