import { foreignKey } from '@dealflow/service-kit';

/** A row that belongs to a parent row and is deleted with it (`<table>_<column>_fkey`). */
export const belongsTo = (table: string, parent: 'Organization' | 'Email', column: 'org_id' | 'email_id') =>
  foreignKey(parent, table, column, 'cascade');
