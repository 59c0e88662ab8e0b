import { EntitySchema } from '@mikro-orm/core';
import { Deck } from './deck.js';
import { createdAtColumn } from '@dealflow/service-kit';

/** The AI analysis of a record, kept so opening it again costs no second model call. */
export class DeckAnalysis {
  emailId!: number;
  orgId!: number;
  strengths!: string[];
  risks!: string[];
  openQuestions!: string[];
  marketNotes!: string[];
  model!: string;
  createdAt!: Date;
}

export const DeckAnalysisSchema = new EntitySchema<DeckAnalysis>({
  class: DeckAnalysis,
  tableName: 'crm_deck_analysis',
  properties: {
    // Also the foreign key to its deck: the analysis goes when the deck does. The constraint keeps the
    // name PostgreSQL gave it in the first (hand-written) migration.
    emailId: {
      kind: '1:1',
      entity: () => Deck,
      owner: true,
      primary: true,
      mapToPk: true,
      fieldName: 'email_id',
      foreignKeyName: 'crm_deck_analysis_email_id_fkey',
      deleteRule: 'cascade',
      updateRule: 'no action',
    },
    orgId: { type: 'integer' },
    strengths: { type: 'json' },
    risks: { type: 'json' },
    openQuestions: { type: 'json' },
    marketNotes: { type: 'json' },
    model: { type: 'string', length: 255 },
    createdAt: createdAtColumn,
  },
});
