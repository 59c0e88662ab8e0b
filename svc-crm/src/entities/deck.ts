import { EntitySchema } from '@mikro-orm/core';
import type { TExtractedData } from '@dealflow/contracts';

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
  outcome!: TDeckOutcome;
  updatedAt!: Date;
}

export const DeckSchema = new EntitySchema<Deck>({
  class: Deck,
  tableName: 'crm_deck',
  properties: {
    emailId: { type: 'number', primary: true },
    orgId: { type: 'number' },
    fromEmail: { type: 'string' },
    fromName: { type: 'string', nullable: true },
    subject: { type: 'text', nullable: true },
    extractedData: { type: 'json' },
    deckLinks: { type: 'json' },
    outcome: { type: 'string' },
    updatedAt: { type: 'Date', onCreate: () => new Date(), onUpdate: () => new Date() },
  },
});
