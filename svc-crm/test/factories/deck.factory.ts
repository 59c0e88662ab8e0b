import type { TEventPayload, Topics } from '@dealflow/contracts';

type TDeckExtracted = TEventPayload<typeof Topics.deckExtracted>;
let nextEmailId = 1;

/** An ingest.deck.extracted payload of a typical deck; override what the test is about. */
export function createDeckExtracted(
  overrides: Partial<Omit<TDeckExtracted, 'extractedData'>> & {
    extractedData?: Partial<TDeckExtracted['extractedData']>;
  } = {},
): TDeckExtracted {
  const { extractedData, ...rest } = overrides;
  return {
    orgId: 1,
    emailId: nextEmailId++,
    fromEmail: 'founder@orbital-labs.com',
    fromName: 'Ada Founder',
    subject: 'Orbital Labs - Seed deck',
    deckLinks: [],
    ...rest,
    extractedData: {
      companyName: 'Orbital Labs',
      industry: 'Space logistics',
      description: 'Last-mile delivery for satellites.',
      website: 'https://www.orbital-labs.com',
      location: 'Berlin, Germany',
      foundedYear: 2023,
      fundingRound: 'Seed',
      fundingAmount: '$2.5M',
      metrics: { ARR: '$400k', Customers: '12' },
      contactInfo: {
        name: 'Ada Founder',
        email: 'founder@orbital-labs.com',
        phone: '+49 30 1234567',
        position: 'CEO',
      },
      ...extractedData,
    },
  };
}

/** Email ids are unique across a test file, as ingest's serial ids are. */
export const createEmailId = () => nextEmailId++ + 10_000;
