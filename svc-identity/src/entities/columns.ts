/** Column declarations several identity tables share, as the first (hand-written) migration created them. */

/** `owner` | `member`, stored as varchar(16) with a check constraint. */
export const roleColumn = {
  type: 'string',
  columnType: 'varchar(16)',
  enum: true,
  items: ['owner', 'member'],
  default: 'member',
} as const;

export const createdAtColumn = {
  type: 'Date',
  columnType: 'timestamptz',
  defaultRaw: 'now()',
  onCreate: () => new Date(),
} as const;

/**
 * A foreign key read as the referenced id (mapToPk, no entity graph); the constraint keeps the name
 * PostgreSQL gave it (`<table>_<column>_fkey`).
 */
export const foreignKey = (
  entity: string,
  table: string,
  column: string,
  deleteRule: 'cascade' | 'set null',
  options: { index?: string } = {},
) =>
  ({
    kind: 'm:1',
    entity,
    mapToPk: true,
    fieldName: column,
    foreignKeyName: `${table}_${column}_fkey`,
    deleteRule,
    updateRule: 'no action',
    ...(deleteRule === 'set null' ? { nullable: true } : {}),
    ...options,
  }) as const;
