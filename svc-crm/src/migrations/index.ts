import { Migration20261121000000 } from './Migration20261121000000.js';
import { Migration20261124155057 } from './Migration20261124155057.js';
import { Migration20261124185602 } from './Migration20261124185602.js';
import { Migration20261124192922 } from './Migration20261124192922.js';
import { Migration20261124221506 } from './Migration20261124221506.js';
import { Migration20261128052500 } from './Migration20261128052500.js';
import { Migration20261128055312 } from './Migration20261128055312.js';
import { Migration20261128064255 } from './Migration20261128064255.js';
import { Migration20261128085556 } from './Migration20261128085556.js';

/** In the order they run; `npm run migration:create` writes the next one (and the snapshot) here. */
export const crmMigrations = [
  { name: 'Migration20261121000000', class: Migration20261121000000 },
  { name: 'Migration20261124155057', class: Migration20261124155057 },
  { name: 'Migration20261124185602', class: Migration20261124185602 },
  { name: 'Migration20261124192922', class: Migration20261124192922 },
  { name: 'Migration20261124221506', class: Migration20261124221506 },
  { name: 'Migration20261128052500', class: Migration20261128052500 },
  { name: 'Migration20261128055312', class: Migration20261128055312 },
  { name: 'Migration20261128064255', class: Migration20261128064255 },
  { name: 'Migration20261128085556', class: Migration20261128085556 },
];
