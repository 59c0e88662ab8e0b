import type { TExtractedData } from '@dealflow/contracts';
import type { TDeckText } from '../deck/deck-text.js';

/** What an extractor reads: the deck (untrusted), the email around it (untrusted) and who sent it. */
export interface TExtractionInput {
  deck: TDeckText | null;
  emailText: string;
  fromName: string | null;
  fromEmail: string;
  subject: string | null;
}

export interface TExtractor {
  readonly name: string;
  extract(input: TExtractionInput): Promise<TExtractedData>;
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
