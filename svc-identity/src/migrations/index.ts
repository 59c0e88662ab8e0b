import { Migration20261121000000 } from './Migration20261121000000.js';

export const identityMigrations = [{ name: 'Migration20261121000000', class: Migration20261121000000 }];
