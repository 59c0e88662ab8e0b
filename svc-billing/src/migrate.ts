import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runMigrationCli } from '@dealflow/service-kit';
import { entities } from './entities/index.js';
import { migrations } from './migrations/index.js';

// The source folder (not dist): generated migrations and the snapshot are committed with the code.
const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/migrations');

await runMigrationCli({ name: 'billing', entities, migrations, dir });
