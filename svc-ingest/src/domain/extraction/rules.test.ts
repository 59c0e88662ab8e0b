import { describe, expect, it } from 'vitest';
import { deckFromPlainText } from '../deck/deck-text.js';
import { originalSender } from './forwarded.js';
import { createHeuristicExtractor, formatAmount } from './heuristic-extractor.js';
import { INDUSTRIES, scoreIndustries } from './industries.js';
import { COUNTRIES, dominantCountry, findCityRegion } from './locations.js';
import { joinLetterSpacing, normalizeLine, undoubleText } from './text-normalize.js';

const extract = (
  deckText: string,
  email: Partial<{ emailText: string; fromEmail: string; fromName: string }> = {},
) =>
  createHeuristicExtractor().extract({
    deck: deckText ? deckFromPlainText(deckText) : null,
    emailText: email.emailText ?? '',
    fromName: email.fromName ?? null,
    fromEmail: email.fromEmail ?? 'partner@fund.example',
    subject: null,
  });

describe('industry taxonomy', () => {
  it('has about fifty industries', () => {
    expect(INDUSTRIES.length).toBeGreaterThanOrEqual(45);
    expect(new Set(INDUSTRIES.map(([label]) => label)).size).toBe(INDUSTRIES.length);
  });
  it('reads a crypto deck that talks about smart contracts as crypto, not legal tech', () => {
    expect(
      scoreIndustries('Tokenized lending on Ethereum. Smart contracts audited. Our contract with DAOs.')
        ?.label,
    ).toBe('Crypto & Web3');
  });
  it('knows travel, hospitality and recycling', () => {
    expect(scoreIndustries('Trips and itineraries for tourists visiting Lisbon')?.label).toBe('Travel');
    expect(scoreIndustries('Booking software for boutique hotels and hostels')?.label).toBe('Hospitality');
    expect(scoreIndustries('We recycle plastic waste into upcycled products')?.label).toBe(
      'Recycling & waste',
    );
  });
  it('lets the domain served win over the AI it uses', () => {
    expect(scoreIndustries('AI tutoring for students. AI for teachers. AI learning.')?.label).toBe('Edtech');
  });
  it('has no industry without a hit', () => {
    expect(scoreIndustries('thank you')).toBeNull();
  });
});

describe('text drawn twice and letter-spaced logos', () => {
  it('undoes doubled names', () => {
    expect(undoubleText('AcmeAcme Acme')).toBe('Acme');
    expect(undoubleText('Acme Acme')).toBe('Acme');
    expect(undoubleText('Acme Robotics Acme Robotics')).toBe('Acme Robotics');
    expect(undoubleText('Global Commodity Trading')).toBe('Global Commodity Trading');
  });
  it('joins letter-spaced logos and keeps ordinary words', () => {
    expect(joinLetterSpacing('A C M E')).toBe('ACME');
    expect(joinLetterSpacing('I N V E S T O R memo')).toBe('INVESTOR memo');
    expect(joinLetterSpacing('a new era for SMART startups')).toBe('a new era for SMART startups');
    expect(normalizeLine('**A C M E**')).toBe('ACME');
  });
  it('names the company from a doubled title line', async () => {
    const { data } = await extract('AcmeAcme Acme\nRobots that pick every order');
    expect(data.companyName).toBe('Acme');
  });
});

describe('forwarded emails', () => {
  it('finds the original sender of a Gmail forward', () => {
    expect(
      originalSender(
        'FYI\n\n---------- Forwarded message ---------\nFrom: Jane Doe <jane@acme.io>\nDate: Mon\nSubject: Deck',
      ),
    ).toEqual({ name: 'Jane Doe', email: 'jane@acme.io' });
  });
  it('finds the original sender of an Apple Mail and an Outlook forward', () => {
    expect(originalSender('Begin forwarded message:\n\nFrom: "Raj Patel" <raj@orbit.dev>')).toEqual({
      name: 'Raj Patel',
      email: 'raj@orbit.dev',
    });
    expect(originalSender('-----Original Message-----\nFrom: kim@lumen.ai\nSent: today')).toEqual({
      name: null,
      email: 'kim@lumen.ai',
    });
  });
  it('has no original sender in an ordinary email', () => {
    expect(originalSender('From: me\nHello')).toBeNull();
  });
  it('makes the original sender the contact, not the forwarder', async () => {
    const { data, provenance } = await extract('Orbit Labs\nSatellite data for farmers', {
      fromEmail: 'associate@bigfund.vc',
      fromName: 'Associate',
      emailText:
        'see below\n\n---------- Forwarded message ---------\nFrom: Raj Patel <raj@orbitlabs.io>\n\nHi, deck attached',
    });
    expect(data.contactInfo.email).toBe('raj@orbitlabs.io');
    expect(data.contactInfo.name).toBe('Raj Patel');
    expect(data.website).toBe('https://orbitlabs.io');
    expect(provenance.contactEmail?.source).toBe('email');
  });
});

describe('locations', () => {
  it('reads "City, ST" and "City, Country"', () => {
    expect(findCityRegion('Acme Inc. · 500 Market St, San Francisco, CA 94105')).toBe('San Francisco, CA');
    expect(findCityRegion('Offices: Berlin, Germany')).toBe('Berlin, Germany');
    expect(findCityRegion('Problems: WV, KY and OH')).toBeNull();
  });
  it('knows the countries of the world offline', () => {
    expect(COUNTRIES.get('nigeria')).toBe('Nigeria');
    expect(COUNTRIES.get('uk')).toBe('United Kingdom');
    expect(COUNTRIES.size).toBeGreaterThan(200);
  });
  it('takes a country named on three slides, and none when two compete', () => {
    expect(dominantCountry(['Kenya farmers', 'In Kenya', 'Kenya first', 'Uganda next'])?.country).toBe(
      'Kenya',
    );
    expect(dominantCountry(['Kenya', 'Uganda', 'Kenya', 'Uganda'])).toBeNull();
    expect(dominantCountry(['Once in Peru'])).toBeNull();
  });
  it('ignores where the reader is and where a team member lives', async () => {
    const disclaimer = await extract(
      'Acme\nIf you are located in the United States of America and you are not a citizen',
    );
    expect(disclaimer.data.location).toBeNull();
    const member = await extract('Acme\nTeam\nCesar is a senior Developer,\nbased in Mexico.');
    expect(member.data.location).toBeNull();
  });
  it('ignores where a team member lives (same line)', async () => {
    const { data } = await extract('Acme\nTeam\nJo Smith is a developer based in Portugal.');
    expect(data.location).toBeNull();
  });
});

describe('amounts and rounds', () => {
  it('formats amounts with their currency and unit', () => {
    expect(formatAmount('$2.5 million')).toBe('$2.5M');
    expect(formatAmount('€250K')).toBe('€250K');
    expect(formatAmount('£1,000,000')).toBe('£1M');
    expect(formatAmount('5M$')).toBe('$5M');
    expect(formatAmount('$150,000')).toBe('$150K');
    expect(formatAmount('¥300M')).toBe('¥300M');
  });
  it('reads the ask over other amounts and a round only in a round context', async () => {
    const a = await extract(
      'Acme\nMarket: $6.5B\nFund Raising - Q4 2024\nThe Ask\nWe’re seeking $150,000 for runway',
    );
    expect(a.data.fundingAmount).toBe('$150K');
    const b = await extract('Acme\nMonth 1 — Seed the supply side\nSecured $10,000 in grant funding');
    expect(b.data.fundingRound).toBeNull();
    const c = await extract('Acme\nPre-Seed Round\n$2M Target');
    expect(c.data.fundingRound).toBe('Pre-Seed');
    expect(c.data.fundingAmount).toBe('$2M');
    const d = await extract('Acme\nLevée de fonds : 5M$ pour la croissance');
    expect(d.data.fundingAmount).toBe('$5M');
  });
});

describe('evidence scoring of names and websites', () => {
  it('does not take a slide title for the name', async () => {
    const { data } = await extract('Welcome\n\nThe Challenge\n\nKidsCash\nPocket money, taught');
    expect(data.companyName).not.toBe('Welcome');
  });
  it('prefers the name the company’s own domain confirms', async () => {
    const { data, provenance } = await extract(
      'Global Trade Made Simple\nConfidential\n\nTeam\nSebastian Gonzalez\nCEO/Co-founder\n\nContact\nsebastian@skyocean.io\nSkyocean',
    );
    expect(data.companyName).toBe('Skyocean');
    expect(data.website).toBe('https://skyocean.io');
    expect(data.contactInfo).toMatchObject({ name: 'Sebastian Gonzalez', position: 'CEO/Co-founder' });
    expect(provenance.companyName?.confidence).toBeGreaterThan(0.5);
  });
  it('does not take a citation, a video link or a competitor’s site for the website', async () => {
    const { data } = await extract(
      'Hive\nSolar leasing\n\nCompetitors\n○ Sunrun: https://www.sunrun.com/\nSource: https://statista.com/x\n\nDemo\nhttps://youtu.be/abc',
    );
    expect(data.website).toBeNull();
  });
  it('keeps the slide of each value and a confidence per field', async () => {
    const { provenance } = await extract('Orbit Labs\nSatellite data for farmers\n\nRaising $2M Seed round');
    expect(provenance.fundingAmount).toMatchObject({ source: 'deck', page: 2 });
    expect(provenance.companyName).toMatchObject({ source: 'deck', page: 1 });
    for (const evidence of Object.values(provenance)) {
      expect(evidence.confidence).toBeGreaterThan(0);
      expect(evidence.confidence).toBeLessThanOrEqual(1);
    }
  });
  it('reads an angel round from a template’s cover, and no template instruction as a description', async () => {
    const { data } = await extract(
      '1. Cover\nAngel Round – $200K @ $2M post-money valuation\n\nDescribe the pain point with a concrete story or statistic',
    );
    expect(data.fundingRound).toBe('Angel');
    expect(data.companyName).toBeNull();
    expect(data.description ?? '').not.toMatch(/^Describe/);
  });
  it('takes no short number for a phone', async () => {
    const { data } = await extract('Acme\nEarly adopters +300 in two weeks');
    expect(data.contactInfo.phone).toBeNull();
  });
  it('drops a template’s placeholder phone number', async () => {
    const { data } = await extract('[Your Company Name]\nContact: you@company.com | +1 555 123 4567');
    expect(data.contactInfo.phone).toBeNull();
    expect(data.companyName).toBeNull();
  });
});
