import { fileURLToPath } from 'node:url';
import { runMigrationCli } from '@dealflow/service-kit';
import { identityEntities } from './entities/index.js';
import { identityMigrations } from './migrations/index.js';

// The source folder, not dist/: the generated migration and snapshot are committed from there.
await runMigrationCli({
  name: 'identity',
  entities: identityEntities,
  migrations: identityMigrations,
  dir: fileURLToPath(new URL('../src/migrations', import.meta.url)),
});
