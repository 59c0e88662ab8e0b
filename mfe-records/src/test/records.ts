import type { TEmailRecord, TMailboxStatus } from '../lib/records-api.js';

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

/** Integration 1's status as GET /api/integrations/mailbox answers it (an owner's view, nothing connected). */
export function createMailboxStatus(overrides: Partial<TMailboxStatus> = {}): TMailboxStatus {
  return {
    connected: false,
    inboundAddress: 'fund-7f3a9b2c1d0e@in.dealflow.test',
    webhookSecretMasked: '••••6789',
    webhookPath: '/webhooks/mail',
    mailgunConfigured: false,
    host: null,
    port: null,
    username: null,
    lastScanAt: null,
    settings: { folder: 'INBOX', autoScanMinutes: 15 },
    forwardingConfirmation: null,
    previousInboundAddress: null,
    previousInboundUntil: null,
    addressGraceDays: 7,
    ...overrides,
  };
}
