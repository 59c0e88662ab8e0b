import { describe, expect, it } from 'vitest';
import { deckFromPlainText } from '../deck/deck-text.js';
import { locateEvidence } from './evidence.js';
import { emptyExtractedData } from './extractor.js';

describe('locateEvidence', () => {
  const deck = {
    ...deckFromPlainText('Acme Robotics\nWarehouse robots\n\nTeam\nJane Doe, CEO'),
    pageNumbers: [1, 3],
  };
  const input = {
    deck,
    emailText: 'Hi, see our deck.\nWe are raising a Seed round.',
    fromName: 'Jane Doe',
    fromEmail: 'jane@acme.io',
    subject: 'Acme deck',
  };

  it('gives each found value its slide number and line', () => {
    const data = {
      ...emptyExtractedData(),
      companyName: 'Acme Robotics',
      contactInfo: { name: 'Jane Doe', email: 'jane@acme.io', phone: null, position: null },
    };
    const provenance = locateEvidence(data, input);
    expect(provenance.companyName).toEqual({
      source: 'deck',
      page: 1,
      snippet: 'Acme Robotics',
      confidence: 0.8,
    });
    expect(provenance.contactName).toMatchObject({ source: 'deck', page: 3, snippet: 'Jane Doe, CEO' });
    expect(provenance.contactEmail).toMatchObject({ source: 'sender', page: null });
    expect(provenance.website).toBeUndefined();
  });

  it('falls back to the email body, then marks an inference with low confidence', () => {
    const data = { ...emptyExtractedData(), fundingRound: 'Seed', industry: 'Logistics' };
    const provenance = locateEvidence(data, input, { fundingRound: 0.9 });
    expect(provenance.fundingRound).toMatchObject({ source: 'email', page: null, confidence: 0.9 });
    expect(provenance.industry).toMatchObject({ page: null, snippet: null, confidence: 0.4 });
  });

  it('shows where a city was read when the country was added to it', () => {
    const cityDeck = {
      deck: deckFromPlainText('Acme\nCredit\n\nTraction\n2,000 traders in Nairobi'),
      emailText: '',
      fromName: null,
      fromEmail: 'x@fund.example',
      subject: null,
    };
    const provenance = locateEvidence({ ...emptyExtractedData(), location: 'Nairobi, Kenya' }, cityDeck);
    expect(provenance.location).toMatchObject({
      source: 'deck',
      page: 2,
      snippet: '2,000 traders in Nairobi',
    });
  });
});
