/**
 * Money in any currency and notation, kept as a value and a currency: "$2.5 million", "₹2.5 Cr", "1,5 Mio. €",
 * "500k USD", "KES 10M", "R$ 2 milhões", "200 tys. zł", "$1-2M". A number without a currency is never money.
 */

/** Codes written for the currencies that have a symbol of their own become the symbol ("USD 500K" -> "$500K"). */
const CODE_TO_SYMBOL: Record<string, string> = { USD: '$', EUR: '€', GBP: '£', INR: '₹', JPY: '¥' };
const CODES =
  'USD|EUR|GBP|INR|JPY|KES|NGN|GHS|ZAR|UGX|TZS|RWF|EGP|MAD|CAD|AUD|NZD|SGD|HKD|CNY|RMB|AED|SAR|ILS|TRY|CHF|SEK|NOK|DKK|PLN|CZK|HUF|RON|BRL|MXN|ARS|CLP|COP|PEN|IDR|MYR|PHP|THB|VND|PKR|BDT|LKR|NPR|KRW|AZN|UZS';
/** Symbols and written forms that name a currency ("R$" is the real, "zł" the złoty, "S/" the sol). */
const SIGNS: [RegExp, string][] = [
  [/^(?:US\$|USD?\$)$/i, '$'],
  [/^R\$$/, 'BRL'],
  [/^zł$/i, 'PLN'],
  [/^S\/$/, 'PEN'],
  [/^Rs\.?$/i, '₹'],
  [/^(?:euros?|eur)$/i, '€'],
  [/^(?:dollars?|usd)$/i, '$'],
  [/^[$€£¥₹]$/, ''],
];
const CURRENCY_BEFORE = `(?:US\\$|R\\$|S\\/|\\bRs\\.?|[$€£¥₹]|\\b(?:${CODES})\\b)`;
const CURRENCY_AFTER = `(?:[$€£¥₹]|zł|\\b(?:${CODES}|euros?|dollars?)\\b)`;
const NUMBER = '\\d{1,3}(?:[.,\\u00a0 ]\\d{3})+(?:[.,]\\d+)?|\\d+(?:[.,]\\d+)?';
/** Units, longest first; one letter only where it stands alone ("2M", "500k"). */
const UNIT =
  '(?:millions?|millones|milh(?:ões|ão|oes|ao)|mill\\.?|mio\\.?|mln\\.?|mn|mm|m|billions?|milliards?|mrd\\.?|bn|b|thousands?|tys\\.?|tsd\\.?|k|crores?|cr\\.?|lakhs?|lacs?)';
const VALUE = `(?:${NUMBER})(?:\\s*${UNIT}(?![\\p{L}]))?`;

/** One amount, a range or a single value, with its currency before or after. */
export const AMOUNT_SOURCE =
  `(?:${CURRENCY_BEFORE}\\s?${VALUE}(?:\\s*(?:-|–|—|to|bis|à|a)\\s*${CURRENCY_BEFORE}?\\s?${VALUE})?` +
  `|${VALUE}(?:\\s*(?:-|–|—|to|bis|à|a)\\s*${VALUE})?\\s?${CURRENCY_AFTER})`;
export const AMOUNT = new RegExp(AMOUNT_SOURCE, 'iu');

const MULTIPLIER: [RegExp, number][] = [
  [/^(?:b|bn|billions?|milliards?|mrd\.?)$/i, 1e9],
  [/^(?:crores?|cr\.?)$/i, 1e7],
  [/^(?:m|mm|mn|mln\.?|mio\.?|mill\.?|millions?|millones|milh(?:ões|ão|oes|ao))$/i, 1e6],
  [/^(?:lakhs?|lacs?)$/i, 1e5],
  [/^(?:k|thousands?|tys\.?|tsd\.?)$/i, 1e3],
];

/** "1,5" and "2.5" are decimals; "1,000,000", "1.000.000" and "500.000" are thousands. */
export const parseNumber = (raw: string): number => {
  const s = raw.replace(/[\u00a0 ]/g, (m, offset: number) =>
    /\d{3}/.test(raw.slice(offset + 1, offset + 4)) ? '' : m,
  );
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? '.' : ',';
    const thousands = decimal === '.' ? ',' : '.';
    return Number(s.split(thousands).join('').replace(decimal, '.'));
  }
  const sep = lastDot >= 0 ? '.' : lastComma >= 0 ? ',' : null;
  if (!sep) return Number(s);
  const parts = s.split(sep);
  const grouped = parts.length > 2 || (parts[1]!.length === 3 && parts[0]!.length <= 3);
  return grouped ? Number(parts.join('')) : Number(parts.join('.'));
};

const compact = (value: number) => {
  const fmt = (n: number) => String(+n.toFixed(2));
  if (value >= 1e9) return `${fmt(value / 1e9)}B`;
  if (value >= 1e6) return `${fmt(value / 1e6)}M`;
  if (value >= 1e3) return `${fmt(value / 1e3)}K`;
  return fmt(value);
};

export interface TMoney {
  /** The amount (the low end of a range). */
  value: number;
  /** The high end of a range, when the deck gives one. */
  upTo: number | null;
  /** A symbol ($ € £ ¥ ₹) or an ISO code (KES, CAD, PLN, BRL). */
  currency: string;
}

const currencyOf = (raw: string): string | null => {
  const code = new RegExp(`\\b(${CODES})\\b`, 'i').exec(raw)?.[1]?.toUpperCase();
  if (code) return CODE_TO_SYMBOL[code] ?? (code === 'RMB' ? 'CNY' : code);
  const sign = /US\$|R\$|S\/|\bRs\b\.?|zł|\beuros?\b|\bdollars?\b|[$€£¥₹]/i.exec(raw)?.[0];
  if (!sign) return null;
  for (const [re, currency] of SIGNS) if (re.test(sign)) return currency || sign;
  return null;
};

/** Reads one amount written in any of the notations above, or null when it names no currency. */
export function parseMoney(raw: string): TMoney | null {
  const currency = currencyOf(raw);
  if (!currency) return null;
  const values = [
    ...raw
      .replace(new RegExp(`\\b(?:${CODES})\\b|US\\$|R\\$|S\\/|\\bRs\\.?`, 'gi'), ' ')
      .matchAll(new RegExp(`(${NUMBER})(?:\\s*(${UNIT})(?![\\p{L}]))?`, 'giu')),
  ];
  if (values.length === 0) return null;
  const unitOf = (m: RegExpMatchArray | undefined) =>
    MULTIPLIER.find(([re]) => re.test(m?.[2] ?? ''))?.[1] ?? 1;
  // "$1-2M": the unit written once counts for both ends.
  const highUnit = unitOf(values[1]);
  const lowUnit = values[0]![2] ? unitOf(values[0]) : values[1] ? highUnit : 1;
  const value = parseNumber(values[0]![1]!) * lowUnit;
  const upTo = values[1] ? parseNumber(values[1][1]!) * highUnit : null;
  if (!Number.isFinite(value) || value <= 0) return null;
  return { value, upTo: upTo && Number.isFinite(upTo) && upTo > value ? upTo : null, currency };
}

/** "$2.5M", "€1.5M", "₹25M" (₹2.5 Cr), "KES 10M", "$1M–2M": the value and its currency, compact. */
export function formatMoney(money: TMoney): string {
  const prefix = money.currency.length === 1 ? money.currency : `${money.currency} `;
  return `${prefix}${compact(money.value)}${money.upTo ? `–${compact(money.upTo)}` : ''}`;
}
