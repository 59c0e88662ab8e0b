import { Migration20261121000000 } from './Migration20261121000000.js';
import { Migration20261124154448 } from './Migration20261124154448.js';
import { Migration20261124185239 } from './Migration20261124185239.js';
import { Migration20261124221432 } from './Migration20261124221432.js';
import { Migration20261124221625 } from './Migration20261124221625.js';
import { Migration20261125011634 } from './Migration20261125011634.js';
import { Migration20261125012950 } from './Migration20261125012950.js';
import { Migration20261128050953 } from './Migration20261128050953.js';
import { Migration20261128051456 } from './Migration20261128051456.js';

/** Every migration in order (listed in code: no file globbing in the ESM build). */
export const migrations = [
  { name: 'Migration20261121000000', class: Migration20261121000000 },
  // Guest purchase and the auto-login bound to the browser (issues 14 and 12).
  { name: 'Migration20261124154448', class: Migration20261124154448 },
  // The embedded provider's test clock and invoices (issue 14).
  { name: 'Migration20261124185239', class: Migration20261124185239 },
  // Retries of a failed invoice: attempt_count and next_payment_attempt (issue 14, item 2).
  { name: 'Migration20261124221432', class: Migration20261124221432 },
  // A guest subscriber's customer at the embedded provider has no organization yet (issue 14).
  { name: 'Migration20261124221625', class: Migration20261124221625 },
  // Member counts carry identity's membership version: a late event never undoes a later one (issue 12).
  { name: 'Migration20261125011634', class: Migration20261125011634 },
  // Deleted accounts stay forgotten: a late member event cannot bring a person back (issue 12).
  { name: 'Migration20261125012950', class: Migration20261125012950 },
  // A guest's checkout keeps the address given before it, locked at the provider (issue 20).
  { name: 'Migration20261128050953', class: Migration20261128050953 },
  // The template licence of each $50 purchase: its signed key and dates (issue 20, item 8).
  { name: 'Migration20261128051456', class: Migration20261128051456 },
];
