import { EntitySchema } from '@mikro-orm/core';
import type { TDeckOutline, TExtractedData } from '@dealflow/contracts';
import { updatedAtColumn } from '@dealflow/service-kit';

export type TDeckOutcome = 'deal_created' | 'missing_domain' | 'provider_error';

/**
 * crm's read model of a record, kept from ingest.deck.extracted (crm never reads ingest's database):
 * what the AI analysis needs, and whether the record reached a deal (= completed).
 */
export class Deck {
  emailId!: number;
  orgId!: number;
  fromEmail!: string;
  fromName!: string | null;
  subject!: string | null;
  extractedData!: TExtractedData;
  deckLinks!: string[];
  /** The deck's sections and figures as svc-ingest read them (null: no deck file, or sent before outlines). */
  outline!: TDeckOutline | null;
  outcome!: TDeckOutcome;
  /** The founder's email's Message-ID: replies are threaded on it (null: unknown, sent before it was kept). */
  messageId!: string | null;
  updatedAt!: Date;
}

export const DeckSchema = new EntitySchema<Deck>({
  class: Deck,
  tableName: 'crm_deck',
  properties: {
    /** ingest's email id: the record this deck belongs to (not generated here). */
    emailId: { type: 'integer', primary: true, autoincrement: false },
    orgId: { type: 'integer', index: 'crm_deck_org_id_index' },
    /** An address is at most 320 characters (RFC 3696 errata). */
    fromEmail: { type: 'string', length: 320 },
    fromName: { type: 'string', length: 255, nullable: true },
    subject: { type: 'text', nullable: true },
    extractedData: { type: 'json' },
    deckLinks: { type: 'json', defaultRaw: `'[]'` },
    outline: { type: 'json', nullable: true },
    outcome: { type: 'string', length: 32 },
    messageId: { type: 'text', nullable: true },
    updatedAt: updatedAtColumn,
  },
});
