import { fileURLToPath } from 'node:url';
import { runMigrationCli } from '@dealflow/service-kit';
import { crmEntities } from './entities/index.js';
import { crmMigrations } from './migrations/index.js';

// The source folder, not dist/: the generated migration and snapshot are committed from there.
await runMigrationCli({
  name: 'crm',
  entities: crmEntities,
  migrations: crmMigrations,
  dir: fileURLToPath(new URL('../src/migrations', import.meta.url)),
});
