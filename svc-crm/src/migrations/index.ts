import { Migration20261121000000 } from './Migration20261121000000.js';

/** In the order they run; `npm run migration:create` writes the next one (and the snapshot) here. */
export const crmMigrations = [{ name: 'Migration20261121000000', class: Migration20261121000000 }];
