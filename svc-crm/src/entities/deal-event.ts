import { EntitySchema } from '@mikro-orm/core';
import { createdAtColumn } from '@dealflow/service-kit';

export type TDealEventKind =
  'created' | 'stage_changed' | 'updated' | 'comment' | 'rating' | 'correction' | 'email';

/** One line of a deal's timeline: stage changes, comments, ratings, corrections; who and when. */
export class DealEvent {
  id!: number;
  orgId!: number;
  dealId!: number;
  kind!: TDealEventKind;
  /** null: the system (a deal made from a deck, a correction). */
  actorId!: number | null;
  text!: string | null;
  fromStage!: string | null;
  toStage!: string | null;
  score!: number | null;
  mentions!: number[];
  createdAt!: Date;
}

export const DealEventSchema = new EntitySchema<DealEvent>({
  class: DealEvent,
  tableName: 'crm_deal_event',
  indexes: [{ properties: ['orgId', 'dealId', 'id'], name: 'crm_deal_event_org_id_deal_id_id_index' }],
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    orgId: { type: 'integer' },
    dealId: { type: 'integer' },
    kind: { type: 'string', length: 16 },
    actorId: { type: 'integer', nullable: true },
    text: { type: 'text', nullable: true },
    fromStage: { type: 'string', length: 64, nullable: true },
    toStage: { type: 'string', length: 64, nullable: true },
    score: { type: 'smallint', nullable: true },
    mentions: { type: 'json', default: '[]' },
    createdAt: createdAtColumn,
  },
});
