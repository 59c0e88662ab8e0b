import { Migration20261121000000 } from './Migration20261121000000.js';
import { Migration20261124160026 } from './Migration20261124160026.js';
import { Migration20261124184948 } from './Migration20261124184948.js';
import { Migration20261124185231 } from './Migration20261124185231.js';
import { Migration20261124185355 } from './Migration20261124185355.js';
import { Migration20261124185716 } from './Migration20261124185716.js';
import { Migration20261124192400 } from './Migration20261124192400.js';
import { Migration20261125011431 } from './Migration20261125011431.js';
import { Migration20261128050900 } from './Migration20261128050900.js';
import { Migration20261128052152 } from './Migration20261128052152.js';
import { Migration20261128053248 } from './Migration20261128053248.js';
import { Migration20261128060042 } from './Migration20261128060042.js';

export const identityMigrations = [
  { name: 'Migration20261121000000', class: Migration20261121000000 },
  { name: 'Migration20261124160026', class: Migration20261124160026 },
  { name: 'Migration20261124184948', class: Migration20261124184948 },
  { name: 'Migration20261124185231', class: Migration20261124185231 },
  { name: 'Migration20261124185355', class: Migration20261124185355 },
  { name: 'Migration20261124185716', class: Migration20261124185716 },
  { name: 'Migration20261124192400', class: Migration20261124192400 },
  { name: 'Migration20261125011431', class: Migration20261125011431 },
  { name: 'Migration20261128050900', class: Migration20261128050900 },
  { name: 'Migration20261128052152', class: Migration20261128052152 },
  { name: 'Migration20261128053248', class: Migration20261128053248 },
  { name: 'Migration20261128060042', class: Migration20261128060042 },
];
