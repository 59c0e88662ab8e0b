import type { TExtractedData, TRecordStatus } from '@dealflow/contracts';
import type { TIngestTest } from '../ingest-service.js';

let sequence = 0;

/** Extracted data with only the fields a test names set. */
export const extracted = (fields: Partial<TExtractedData> = {}): TExtractedData => ({
  companyName: 'Acme',
  industry: null,
  description: null,
  website: null,
  location: null,
  foundedYear: null,
  fundingRound: null,
  fundingAmount: null,
  metrics: {},
  contactInfo: { name: null, email: null, phone: null, position: null },
  ...fields,
});

export interface TRecordInput {
  orgId: number;
  /** The `Date` header (null: none, the record's day is its arrival). */
  sentAt?: string | null;
  /** Arrival at Dealflow; defaults to sentAt. */
  receivedAt?: string;
  status?: TRecordStatus;
  extractedData?: TExtractedData | null;
  dealId?: string | null;
  /** Processing end; defaults to a minute after arrival for finished records. */
  processedAt?: string | null;
}

/**
 * A record as the pipeline leaves it, written straight into `emails`: aggregates are tested on exact rows
 * without running mail and decks through the pipeline for each one.
 */
export async function insertRecord(h: TIngestTest, input: TRecordInput): Promise<number> {
  sequence += 1;
  const receivedAt = input.receivedAt ?? input.sentAt ?? new Date().toISOString();
  const status = input.status ?? 'completed';
  const finished = status !== 'pending' && status !== 'processing';
  const processedAt =
    input.processedAt !== undefined
      ? input.processedAt
      : finished
        ? new Date(Date.parse(receivedAt) + 60_000).toISOString()
        : null;
  const extractedData =
    input.extractedData !== undefined ? input.extractedData : status === 'completed' ? extracted() : null;
  const [row] = await h.query<{ id: number }>(
    `INSERT INTO emails (org_id, message_id, from_email, subject, received_at, sent_at, source, status,
       extracted_data, company_name, deal_id, processed_at)
     VALUES (?, ?, ?, ?, ?, ?, 'webhook', ?, ?, ?, ?, ?) RETURNING id`,
    [
      input.orgId,
      `<record-${sequence}@factory.test>`,
      `founder${sequence}@startup.test`,
      `Deck ${sequence}`,
      receivedAt,
      input.sentAt === undefined ? receivedAt : input.sentAt,
      status,
      extractedData === null ? null : JSON.stringify(extractedData),
      extractedData?.companyName ?? null,
      input.dealId !== undefined ? input.dealId : status === 'completed' ? `deal-${sequence}` : null,
      processedAt,
    ],
  );
  return row!.id;
}
