import { describe, expect, it } from 'vitest';
import { AMOUNT, formatMoney, parseMoney, parseNumber } from './amounts.js';

const format = (raw: string) => {
  const money = parseMoney(raw);
  return money ? formatMoney(money) : null;
};

describe('amounts in any currency and notation', () => {
  it('keeps the value and the currency', () => {
    expect(parseMoney('₹2.5 Cr')).toEqual({ value: 25_000_000, upTo: null, currency: '₹' });
    expect(parseMoney('1,5 Mio. €')).toEqual({ value: 1_500_000, upTo: null, currency: '€' });
    expect(parseMoney('500k USD')).toEqual({ value: 500_000, upTo: null, currency: '$' });
    expect(parseMoney('KES 10M')).toEqual({ value: 10_000_000, upTo: null, currency: 'KES' });
  });

  it('formats each notation compactly', () => {
    expect(format('₹2.5 Cr')).toBe('₹25M');
    expect(format('₹50 lakh')).toBe('₹5M');
    expect(format('1,5 Mio. €')).toBe('€1.5M');
    expect(format('500k USD')).toBe('$500K');
    expect(format('$4,000,000 CAD')).toBe('CAD 4M');
    expect(format('R$ 2 milhões')).toBe('BRL 2M');
    expect(format('200 tys. zł')).toBe('PLN 200K');
    expect(format('€500.000')).toBe('€500K');
    expect(format('2,5 Mrd. EUR')).toBe('€2.5B');
    expect(format('US$ 750,000')).toBe('$750K');
  });

  it('reads ranges with the unit written once', () => {
    expect(parseMoney('$1-2M')).toEqual({ value: 1_000_000, upTo: 2_000_000, currency: '$' });
    expect(format('€500k – €1M')).toBe('€500K–1M');
  });

  it('reads decimal and thousands separators as each language writes them', () => {
    expect(parseNumber('1,5')).toBe(1.5);
    expect(parseNumber('2.5')).toBe(2.5);
    expect(parseNumber('1,000,000')).toBe(1_000_000);
    expect(parseNumber('1.000.000')).toBe(1_000_000);
    expect(parseNumber('1.234,5')).toBe(1234.5);
    expect(parseNumber('1 000 000')).toBe(1_000_000);
  });

  it('never takes a number without a currency for money', () => {
    expect(parseMoney('2.5 million users')).toBeNull();
    expect(AMOUNT.test('We have 500k users')).toBe(false);
    expect(AMOUNT.exec('We are raising ₹2.5 Cr in seed')?.[0]).toBe('₹2.5 Cr');
    expect(AMOUNT.exec('Wir suchen 1,5 Mio. € Seed-Runde')?.[0]).toBe('1,5 Mio. €');
  });
});
