/*
 * Column definitions several tables share. The foreign keys keep the names and rules of the first,
 * hand-written migration, so databases that ran it still agree with the entities.
 */

/** A row that belongs to a parent row and is deleted with it (`<table>_<column>_fkey`). */
export const belongsTo = (
  table: string,
  parent: 'Organization' | 'Email',
  column: 'org_id' | 'email_id',
) => ({
  kind: 'm:1' as const,
  entity: () => parent,
  fieldName: column,
  mapToPk: true,
  deleteRule: 'cascade',
  updateRule: 'no action',
  foreignKeyName: `${table}_${column}_fkey`,
});

export const createdAtColumn = {
  type: 'Date',
  columnType: 'timestamptz',
  fieldName: 'created_at',
  defaultRaw: 'now()',
  onCreate: () => new Date(),
} as const;
