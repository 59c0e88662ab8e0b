import { fileURLToPath } from 'node:url';
import { runMigrationCli } from '@dealflow/service-kit';
import { entities } from './entities/index.js';
import { migrations } from './migrations/index.js';

// The source folder, also when run from dist: generated migrations and the snapshot are committed there.
const dir = fileURLToPath(new URL('../src/migrations', import.meta.url));

await runMigrationCli({ name: 'ingest', entities, migrations, dir });
