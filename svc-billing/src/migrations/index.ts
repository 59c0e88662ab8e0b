import { Migration20261121000000 } from './Migration20261121000000.js';

/** Every migration in order (listed in code: no file globbing in the ESM build). */
export const migrations = [{ name: 'Migration20261121000000', class: Migration20261121000000 }];
