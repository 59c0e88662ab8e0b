/** Column declarations several identity tables share, as the first (hand-written) migration created them. */

/** `owner` | `member`, stored as varchar(16) with a check constraint. */
export const roleColumn = {
  type: 'string',
  columnType: 'varchar(16)',
  enum: true,
  items: ['owner', 'member'],
  default: 'member',
} as const;
