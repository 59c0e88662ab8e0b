import { EntitySchema } from '@mikro-orm/core';
import { updatedAtColumn } from '@dealflow/service-kit';

/** A member's 1-5 rating of a deal with a short note: one per member, a new one replaces it. */
export class DealRating {
  dealId!: number;
  userId!: number;
  orgId!: number;
  score!: number;
  note!: string | null;
  updatedAt!: Date;
}

export const DealRatingSchema = new EntitySchema<DealRating>({
  class: DealRating,
  tableName: 'crm_deal_rating',
  properties: {
    dealId: { type: 'integer', primary: true, autoincrement: false },
    userId: { type: 'integer', primary: true, autoincrement: false },
    orgId: { type: 'integer' },
    score: { type: 'smallint' },
    note: { type: 'string', length: 280, nullable: true },
    updatedAt: updatedAtColumn,
  },
});
