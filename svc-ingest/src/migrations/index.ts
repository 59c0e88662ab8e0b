import type { TMigrationList } from '@dealflow/service-kit';
import { Migration20261121000000 } from './Migration20261121000000.js';
import { Migration20261124154959 } from './Migration20261124154959.js';
import { Migration20261124155336 } from './Migration20261124155336.js';
import { Migration20261124185219 } from './Migration20261124185219.js';
import { Migration20261124191410 } from './Migration20261124191410.js';
import { Migration20261124200824 } from './Migration20261124200824.js';
import { Migration20261124221905 } from './Migration20261124221905.js';
import { Migration20261125011711 } from './Migration20261125011711.js';
import { Migration20261128053000 } from './Migration20261128053000.js';
import { Migration20261128055921 } from './Migration20261128055921.js';
import { Migration20261128064434 } from './Migration20261128064434.js';
import { Migration20261128085020 } from './Migration20261128085020.js';

/** Every migration, in order (listed in code: an ESM build has no file globbing). */
export const migrations: TMigrationList = [
  { name: 'Migration20261121000000', class: Migration20261121000000 },
  { name: 'Migration20261124154959', class: Migration20261124154959 },
  { name: 'Migration20261124155336', class: Migration20261124155336 },
  { name: 'Migration20261124185219', class: Migration20261124185219 },
  { name: 'Migration20261124191410', class: Migration20261124191410 },
  { name: 'Migration20261124200824', class: Migration20261124200824 },
  { name: 'Migration20261124221905', class: Migration20261124221905 },
  { name: 'Migration20261125011711', class: Migration20261125011711 },
  { name: 'Migration20261128053000', class: Migration20261128053000 },
  { name: 'Migration20261128055921', class: Migration20261128055921 },
  { name: 'Migration20261128064434', class: Migration20261128064434 },
  { name: 'Migration20261128085020', class: Migration20261128085020 },
];
