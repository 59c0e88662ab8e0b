/** The timestamp columns every crm table declares the same way (timestamptz, set by the database too). */
export const createdAtColumn = {
  type: 'Date',
  columnType: 'timestamptz',
  defaultRaw: 'now()',
  onCreate: () => new Date(),
} as const;

export const updatedAtColumn = { ...createdAtColumn, onUpdate: () => new Date() } as const;
