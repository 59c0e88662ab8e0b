import { describe, expect, it } from 'vitest';
import { decodesToWords, hasTextLayer } from './text-quality.js';

const shift = (text: string, by: number) =>
  text.replace(/[A-Za-z]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 29 + by));

describe('decodesToWords', () => {
  const english = 'Lumina Robotics builds warehouse robots that pick every order. We are raising $3M Seed.';

  it('accepts ordinary slide text, capitals and numbers included', () => {
    expect(decodesToWords(english)).toBe(true);
    expect(decodesToWords('TRACTION ARR: $1.5M GROWTH 20% MOM, 14 CUSTOMERS IN TEXAS')).toBe(true);
    expect(decodesToWords('2021')).toBe(true);
  });

  it('refuses what fonts without a ToUnicode map extract', () => {
    expect(decodesToWords(shift(english, 0))).toBe(false);
    expect(decodesToWords('\u0003\u0004\u0005\u0006 \u0007\u0008\u0009\u000b\u000c\u000e\u000f')).toBe(false);
    expect(decodesToWords('\uE001\uE002\uE003\uE004 \uE005\uE006\uE007\uE008')).toBe(false);
    expect(decodesToWords('Xq7# zzkq vvb 9pq kkxz wqrt ppzq bbnm ttrr ggk')).toBe(false);
  });
});

describe('hasTextLayer', () => {
  it('wants at least two words', () => {
    expect(hasTextLayer('')).toBe(false);
    expect(hasTextLayer('  7  ')).toBe(false);
    expect(hasTextLayer('Team')).toBe(false);
    expect(hasTextLayer('Our Team')).toBe(true);
  });
});
