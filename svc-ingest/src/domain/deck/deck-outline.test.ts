import { describe, expect, it } from 'vitest';
import { createDeckOutline } from './deck-outline.js';
import { deckFromPlainText } from './deck-text.js';

describe('deck outline', () => {
  it('places each usual section on the slide whose title names it, and reads figures next to metric names', () => {
    const deck = deckFromPlainText(
      [
        'Acme Robotics\nWarehouse robots',
        'The Problem\nPickers walk 12 miles a day',
        'Our Solution\nRobots bring shelves to people',
        'Market Size\nTAM $40B, SAM $8B',
        'Traction\nARR: $1.5M\nGrowth: 20% MoM\nFounded in 2021',
        'Meet the Team\nJane Founder, CEO',
        'We are raising $4M\nUse of funds: hiring',
      ].join('\n\n'),
    );
    const outline = createDeckOutline(deck);
    expect(outline.pageCount).toBe(7);
    expect(outline.sections).toEqual([
      { section: 'problem', page: 2 },
      { section: 'solution', page: 3 },
      { section: 'market', page: 4 },
      { section: 'traction', page: 5 },
      { section: 'team', page: 6 },
      { section: 'ask', page: 7 },
    ]);
    expect(outline.keyMetrics).toEqual([
      { label: 'ARR', value: '$1.5M', page: 5 },
      { label: 'Growth', value: '20%', page: 5 },
    ]);
  });

  it('uses the slide numbers the deck shows, and finds a section from a strong phrase in the body', () => {
    const deck = {
      ...deckFromPlainText('Intro\n\nHow we win\nOur competitors are slow'),
      pageNumbers: [3, 8],
    };
    const outline = createDeckOutline(deck);
    expect(outline.sections).toEqual([{ section: 'competition', page: 8 }]);
  });

  it('is empty for a deck without text', () => {
    expect(createDeckOutline({ pages: [] })).toEqual({ pageCount: 0, sections: [], keyMetrics: [] });
  });
});
