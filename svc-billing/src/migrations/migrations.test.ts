import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findSchemaDrift } from '@dealflow/service-kit';
import { describe, expect, it } from 'vitest';
import { entities } from '../entities/index.js';
import { migrations } from './index.js';

const dir = path.dirname(fileURLToPath(import.meta.url));

describe('migrations', () => {
  it('create exactly what the entities declare (no drift)', async () => {
    expect(await findSchemaDrift({ name: 'billing', entities, migrations, dir })).toEqual([]);
  });
});
