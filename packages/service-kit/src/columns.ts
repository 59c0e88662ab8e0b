/*
 * Column declarations every service's entities share (MikroORM EntitySchema property options), so a
 * timestamp or a foreign key is declared one way across the four services and the migrator derives the
 * same SQL for each.
 */

/** `timestamptz`, set by the database when the row is inserted (and by the ORM on create). */
export const createdAtColumn = {
  type: 'Date',
  columnType: 'timestamptz',
  defaultRaw: 'now()',
  onCreate: () => new Date(),
} as const;

/** As createdAtColumn, and moved on every update through the ORM. */
export const updatedAtColumn = { ...createdAtColumn, onUpdate: () => new Date() } as const;

/** An optional point in time (`timestamptz null`). */
export const timestampColumn = { type: 'Date', columnType: 'timestamptz', nullable: true } as const;

/**
 * A foreign key read as the referenced id (mapToPk, no entity graph). The constraint keeps the name
 * PostgreSQL gives it (`<table>_<column>_fkey`), so databases created by the first hand-written
 * migrations agree with the entities.
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
