import { describe, expect, it } from 'vitest';
import type { TProviderInvoice } from '../providers/payment-provider.js';
import { renderReceiptPage } from './receipt-page.js';

const invoice = (over: Partial<TProviderInvoice> = {}): TProviderInvoice => ({
  id: 'in_1',
  number: 'DF-0001',
  customerId: 'cus_1',
  subscriptionId: null,
  status: 'paid',
  billingReason: 'subscription_cycle',
  currency: 'usd',
  total: 5000,
  amountPaid: 5000,
  amountDue: 0,
  created: new Date('2026-01-01T00:00:00Z'),
  paidAt: new Date('2026-01-01T00:00:00Z'),
  periodStart: null,
  periodEnd: null,
  customerEmail: 'ada@acme.test',
  customerName: 'Ada <script>alert(1)</script>',
  attemptCount: 1,
  nextPaymentAttempt: null,
  lines: [
    {
      description: '1 × Pro <img src=x onerror=alert(1)>',
      amount: 5000,
      quantity: 1,
      proration: false,
      periodStart: new Date('2026-01-01T00:00:00Z'),
      periodEnd: new Date('2026-02-01T00:00:00Z'),
    },
  ],
  ...over,
});

describe('receipt page', () => {
  it('escapes what the customer and the lines carry', () => {
    const page = renderReceiptPage(invoice());
    expect(page).not.toContain('<script>alert');
    expect(page).not.toContain('<img');
    expect(page).toContain('Ada &lt;script&gt;alert(1)&lt;/script&gt; · ada@acme.test');
    expect(page).toContain('<div class="period">January 1, 2026 – February 1, 2026</div>');
    expect(page).toContain('<td class="num">$50.00</td>');
  });

  it('shows amounts in the invoice currency’s minor unit (JPY has none, KWD three)', () => {
    const jpy = renderReceiptPage(invoice({ currency: 'jpy', total: 5000, amountPaid: 5000, lines: [] }));
    expect(jpy).toContain('<td class="num">¥5,000</td>');
    const kwd = renderReceiptPage(invoice({ currency: 'kwd', total: 15250, amountPaid: 15250, lines: [] }));
    expect(kwd).toContain('<td class="num">KWD\u00a015.250</td>');
  });
});
