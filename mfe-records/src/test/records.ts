import type { TEmailRecord } from '../lib/records-api.js';

let nextId = 1;

/** A record as GET /api/emails answers it; override what the test is about. */
export function createRecord(overrides: Partial<TEmailRecord> = {}): TEmailRecord {
  const id = overrides.id ?? nextId++;
  return {
    id,
    from: 'Ada Founder',
    fromEmail: 'ada@orbital-labs.com',
    subject: 'Orbital Labs deck',
    receivedAt: new Date().toISOString(),
    ingestedAt: new Date().toISOString(),
    status: 'completed',
    statusReason: null,
    affinityDealId: null,
    dealUrl: `http://localhost:3000/processed-emails?deal=${id}`,
    deckLinks: [],
    attachments: [],
    canAnalyze: false,
    provenance: {},
    corrections: {},
    extractedData: {
      companyName: 'Orbital Labs',
      industry: 'Space logistics',
      description: 'Last-mile delivery for satellites.',
      website: 'orbital-labs.com',
      location: 'Berlin',
      foundedYear: 2023,
      fundingRound: 'Seed',
      fundingAmount: '$2.5M',
      metrics: { ARR: '$400k' },
      contactInfo: { name: 'Ada Founder', email: 'ada@orbital-labs.com', phone: null, position: 'CEO' },
    },
    ...overrides,
  };
}
