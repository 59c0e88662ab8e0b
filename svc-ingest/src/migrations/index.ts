import type { TMigrationList } from '@dealflow/service-kit';
import { Migration20261121000000 } from './Migration20261121000000.js';

/** Every migration, in order (listed in code: an ESM build has no file globbing). */
export const migrations: TMigrationList = [
  { name: 'Migration20261121000000', class: Migration20261121000000 },
];
