/**
 * Money as people read it, from an amount in the currency's minor units (what Stripe and the embedded provider
 * send: cents for USD, yen for JPY, fils for KWD). The one formatter of the product: every page, email, receipt
 * and activity line uses it, so `1200 usd` reads `$12.00` everywhere and JPY or KWD are not divided by 100.
 */

/** Decimal places of a currency's minor unit, as Intl knows them (ISO 4217): USD 2, JPY 0, KWD 3. */
export function currencyMinorUnits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/** `formatMoney(1200, 'usd')` -> `$12.00`; `formatMoney(1200, 'jpy')` -> `¥1,200`; `formatMoney(1234, 'kwd')` -> `KWD 1.234` (a no-break space). */
export function formatMoney(amountMinor: number, currency: string, locale = 'en-US'): string {
  const code = currency.toUpperCase();
  const major = amountMinor / 10 ** currencyMinorUnits(code);
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: code }).format(major);
  } catch {
    // Not an ISO 4217 code Intl knows: the amount and the code as given.
    return `${major.toFixed(2)} ${code}`;
  }
}
