import { describe, expect, it } from 'vitest';
import type { TDeckLine, TDeckText } from '../deck/deck-text.js';
import { deckFromPlainText } from '../deck/deck-text.js';
import { createHeuristicExtractor } from './heuristic-extractor.js';

/** Slides given as lines with their type size ("Name|48"), so that the title slide's biggest line is known. */
const slides = (...pages: string[][]): TDeckText => ({
  pages: pages.map((lines) =>
    lines.map((line): TDeckLine => {
      const [text, size] = line.split('|');
      return { text: text!, fontSize: Number(size ?? 14) };
    }),
  ),
});

const extract = (deck: TDeckText, fromEmail = 'forwarder@example.org') =>
  createHeuristicExtractor()
    .extract({ deck, emailText: '', fromName: null, fromEmail, subject: null })
    .then((r) => r.data);

describe('company name by evidence, never a decorative word', () => {
  it('takes the name from the © footer over a place or topic in big type', async () => {
    const data = await extract(
      slides(
        ['Kenya|60', 'Identity verification for the digital economy|20'],
        ['The problem|28', 'Fraud costs banks millions', '© 2025 Verifya Ltd. All rights reserved'],
        ['Our solution|28', 'One API for KYC', '© 2025 Verifya Ltd. All rights reserved'],
      ),
    );
    expect(data.companyName).toBe('Verifya');
  });

  it('rejects an industry heading and a bare link as the name', async () => {
    const data = await extract(
      slides(['VENTURE CAPITAL|60', 'kobe-guide.vercel.app|12'], ['Problem|28', 'Founders lack capital']),
    );
    expect(data.companyName).not.toBe('VENTURE CAPITAL');
    expect(data.companyName).not.toBe('kobe-guide.vercel.app');
  });

  it("reads a team's name, a name set over two lines and 'Pitch Deck: X'", async () => {
    expect((await extract(slides(['Team Quadeyes|62', 'Students of IIT Varanasi|22']))).companyName).toBe(
      'Quadeyes',
    );
    expect(
      (await extract(slides(['A BLUEPRINT FOR CLIMATE REPAIR|9', 'The Modern|56', 'Druid Project|56'])))
        .companyName,
    ).toBe('The Modern Druid Project');
    expect((await extract(slides(['Pitch Deck: Customer-Management|48']))).companyName).toBe(
      'Customer-Management',
    );
  });
});

describe('website: the company’s own domain, never a third-party host', () => {
  it('does not take a university or membership mail host for the website', async () => {
    const data = await extract(
      slides(['Acme Robotics|48', 'Robots for farms|20'], ['Contact|28', 'jane.doe@member.mensa.org']),
    );
    expect(data.website).toBeNull();
    expect(data.contactInfo.email).toBe('jane.doe@member.mensa.org');
  });

  it('reads a Pre-Seed ask next to a contact address', async () => {
    const data = await extract(
      slides(
        ['Origin|48', 'AI agents for equity research|20'],
        ['The Ask|28', 'Raising $1.5M Pre-Seed', 'phat@habitto.com'],
      ),
    );
    expect(data.fundingAmount).toBe('$1.5M');
    expect(data.fundingRound).toBe('Pre-Seed');
    expect(data.contactInfo.email).toBe('phat@habitto.com');
  });

  it("takes the name's own host on a shared domain", async () => {
    const data = await extract(
      slides(['Centinela|48', 'Public procurement watch|20'], ['Thanks|28', 'centinela.aido.lat']),
    );
    expect(data.website).toBe('https://centinela.aido.lat');
  });
});

describe('the ask and rounds in the deck language', () => {
  it('reads German, French, Spanish, Portuguese and Polish asks', async () => {
    const cases: [string, string, string | null][] = [
      ['Wir suchen 1,5 Mio. € in einer Seed-Runde', '€1.5M', 'Seed'],
      ['Levée de fonds : 800 000 € (amorçage)', '€800K', 'Seed'],
      ['Buscamos 500.000 € en una ronda Serie A', '€500K', 'Series A'],
      ['Captação: R$ 2 milhões, rodada semente', 'BRL 2M', 'Seed'],
      ['Poszukujemy 200 tys. zł, Seria A', 'PLN 200K', 'Series A'],
      ['We are raising ₹2.5 Cr', '₹25M', null],
    ];
    for (const [line, amount, round] of cases) {
      const data = await extract(deckFromPlainText(`Orbital\n\n${line}`));
      expect({ line, amount: data.fundingAmount, round: data.fundingRound }).toEqual({ line, amount, round });
    }
  });

  it('reads founders and the founding year in German and Polish', async () => {
    const de = await extract(
      deckFromPlainText('Blitzwerk\n\nTeam\nAnna Schmidt, Gründerin\n\nGegründet 2021'),
    );
    expect(de.contactInfo).toMatchObject({ name: 'Anna Schmidt', position: 'Gründerin' });
    expect(de.foundedYear).toBe(2021);
    const pl = await extract(
      deckFromPlainText('Prometeusz\n\nZespół\nJan Kowalski, Prezes\n\nSiedziba: Wrocław'),
    );
    expect(pl.contactInfo.position).toBe('Prezes');
    expect(pl.location).toMatch(/^Wrocław/);
  });
});

describe('metrics only where the deck states its own with a label', () => {
  it('keeps a traction slide and drops targets, markets and competitors', async () => {
    const data = await extract(
      slides(
        ['Leadloop|48', 'Sales automation for SMBs|20'],
        ['Market|28', 'TAM $48B', '30M users → KES 900M annually'],
        ['Competition|28', 'Rival: 4M Users in 2022, valuation $500M'],
        ['Plan|28', 'Target: $1M ARR within 18 months'],
        ['Traction|28', 'ARR: $1.2M', '40 paying customers'],
      ),
    );
    expect(data.metrics).toEqual({ ARR: '$1.2M', Customers: '40' });
  });

  it('states no metric when the deck only projects', async () => {
    const data = await extract(
      slides(
        ['Nerdy Network|48', 'Execution network for builders|20'],
        ['Revenue targets|28', '$615K Y1 → $2.1M Y2', 'Year 1–3: 150K users'],
      ),
    );
    expect(data.metrics).toEqual({});
  });
});

describe('contact', () => {
  it('does not take a figure in the middle of the deck for a phone, and takes the closing slide’s', async () => {
    const middle = await extract(
      slides(
        ['Acme|48', 'Logistics for Lagos|20'],
        ['Market|28', 'Shipments 800 900 1000 per year'],
        ['Product|28', 'Tracking'],
        ['Team|28', 'Ada Obi'],
      ),
    );
    expect(middle.contactInfo.phone).toBeNull();
    const closing = await extract(
      slides(
        ['Acme|48', 'Logistics for Lagos|20'],
        ['Market|28', 'Big'],
        ['Contact|28', 'ada@acme.ng', '(415) 555-0134'],
      ),
    );
    expect(closing.contactInfo.phone).toBe('(415) 555-0134');
  });

  it('takes the role without the company written after it', async () => {
    const data = await extract(
      slides(
        ['The Modern|56', 'Druid Project|56'],
        ['Robert McCarthy|14', 'Founder, Modern Druid Project|12'],
      ),
    );
    expect(data.contactInfo).toMatchObject({ name: 'Robert McCarthy', position: 'Founder' });
  });
});

describe('description: the sentence that says what the company does', () => {
  it('skips document labels and takes "<Name> is a ..." from the first slides', async () => {
    const data = await extract(
      slides(
        ['HDATime (HDAT) – Pitch Deck|23', 'Official Presentation – Version 1.0|13'],
        [
          'Introduction|23',
          'HDATime is a utility token built on BNB Smart Chain designed to support',
          'productivity and automation.',
        ],
      ),
    );
    expect(data.description).toBe(
      'HDATime is a utility token built on BNB Smart Chain designed to support productivity and automation',
    );
  });

  it('falls back to the solution slide', async () => {
    const data = await extract(
      slides(
        ['Smart KYC|60'],
        ['Our Solution|40', 'AI-powered, automated, and compliant KYC platform.', 'Features:'],
      ),
    );
    expect(data.description).toBe('AI-powered, automated, and compliant KYC platform');
  });
});
