import type { TExtractedData, TExtractionProvenance } from '@dealflow/contracts';
import type { TDeckText } from '../deck/deck-text.js';

/** What an extractor reads: the deck (untrusted), the email around it (untrusted) and who sent it. */
export interface TExtractionInput {
  deck: TDeckText | null;
  emailText: string;
  fromName: string | null;
  fromEmail: string;
  subject: string | null;
}

/** The fields, and for each value found, the evidence it rests on (slide, snippet, confidence). */
export interface TExtractionResult {
  data: TExtractedData;
  provenance: TExtractionProvenance;
}

export interface TExtractor {
  readonly name: string;
  extract(input: TExtractionInput): Promise<TExtractionResult>;
}

export const emptyExtractedData = (): TExtractedData => ({
  companyName: null,
  industry: null,
  description: null,
  website: null,
  location: null,
  foundedYear: null,
  fundingRound: null,
  fundingAmount: null,
  metrics: {},
  contactInfo: { name: null, email: null, phone: null, position: null },
});
