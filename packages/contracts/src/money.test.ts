import { describe, expect, it } from 'vitest';
import { currencyMinorUnits, formatMoney } from './money.js';

describe('formatMoney (amounts in minor units)', () => {
  it('reads each currency with its own minor unit', () => {
    expect(currencyMinorUnits('usd')).toBe(2);
    expect(currencyMinorUnits('EUR')).toBe(2);
    expect(currencyMinorUnits('jpy')).toBe(0);
    expect(currencyMinorUnits('kwd')).toBe(3);
  });

  it('USD, EUR, JPY and KWD in English', () => {
    expect(formatMoney(1200, 'usd')).toBe('$12.00');
    expect(formatMoney(5000, 'USD')).toBe('$50.00');
    expect(formatMoney(123456, 'usd')).toBe('$1,234.56');
    expect(formatMoney(-1999, 'usd')).toBe('-$19.99');
    expect(formatMoney(1200, 'eur')).toBe('€12.00');
    expect(formatMoney(1200, 'jpy')).toBe('¥1,200');
    expect(formatMoney(1234, 'kwd')).toBe('KWD\u00a01.234');
  });

  it('in the locale given', () => {
    expect(formatMoney(1200, 'eur', 'de-DE')).toBe('12,00\u00a0€');
    expect(formatMoney(1200, 'jpy', 'ja-JP')).toBe('￥1,200');
  });

  it('an unknown code is shown as given, never thrown', () => {
    expect(formatMoney(1200, 'xx')).toBe('12.00 XX');
  });
});
