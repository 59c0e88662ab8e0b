import { EntitySchema } from '@mikro-orm/core';

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
    emailId: { type: 'number', primary: true },
    orgId: { type: 'number' },
    strengths: { type: 'json' },
    risks: { type: 'json' },
    openQuestions: { type: 'json' },
    marketNotes: { type: 'json' },
    model: { type: 'string' },
    createdAt: { type: 'Date', onCreate: () => new Date() },
  },
});
