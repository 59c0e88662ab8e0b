import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import InvoicesCard from './InvoicesCard.js';
import { answerApi, renderPage } from '../test/render.js';
import { organization, person } from '../test/fixtures.js';

afterEach(cleanup);

const list = (overrides: Record<string, unknown> = {}) => ({
  invoices: [
    {
      id: 'in_2',
      number: 'AB12CD34-0002',
      date: '2026-12-31T12:00:00.000Z',
      amountCents: 6290,
      currency: 'usd',
      status: 'open',
      receiptUrl: null,
      attemptCount: 1,
      nextPaymentAttempt: null,
    },
    {
      id: 'in_1',
      number: 'AB12CD34-0001',
      date: '2026-12-01T12:00:00.000Z',
      amountCents: 5000,
      currency: 'usd',
      status: 'paid',
      receiptUrl: '/pay/receipts/in_1.sig',
      attemptCount: 1,
      nextPaymentAttempt: null,
    },
  ],
  nextCharge: { date: '2027-01-01T12:00:00.000Z', amountCents: 5000, currency: 'usd' },
  trialEndsAt: null,
  status: 'active',
  ...overrides,
});

const answer = (invoices: () => { status?: number; body: unknown }) =>
  answerApi((url) => {
    if (url.pathname === '/api/auth/me') return { body: { user: person(), organization, sessionId: 's' } };
    if (url.pathname === '/api/billing/invoices') return invoices();
    return undefined;
  });

describe('InvoicesCard', () => {
  it('lists invoices with date, number, amount, status and a receipt link for paid ones; shows the next charge', async () => {
    answer(() => ({ body: list() }));
    renderPage(<InvoicesCard />, { path: '/billing' });
    expect(screen.getByText('Loading invoices...')).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Invoices' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('Dec 31, 2026')).toBeTruthy();
    expect(within(rows[1]!).getByText('AB12CD34-0002')).toBeTruthy();
    expect(within(rows[1]!).getByText('$62.90')).toBeTruthy();
    expect(within(rows[1]!).getByText('Unpaid')).toBeTruthy();
    expect(within(rows[1]!).queryByRole('link')).toBeNull();
    expect(within(rows[2]!).getByText('Paid')).toBeTruthy();
    expect(
      within(rows[2]!).getByRole('link', { name: 'Receipt for invoice AB12CD34-0001' }).getAttribute('href'),
    ).toBe('/pay/receipts/in_1.sig');
    expect(screen.getByText('$50.00 on Jan 1, 2027')).toBeTruthy();
    expect(screen.queryByText('Trial ends')).toBeNull();
  });

  it('shows the trial end and the first charge before any invoice, and says when none exists', async () => {
    answer(() => ({
      body: list({
        invoices: [],
        status: 'trialing',
        trialEndsAt: '2026-12-01T12:00:00.000Z',
        nextCharge: { date: '2026-12-01T12:00:00.000Z', amountCents: 5000, currency: 'usd' },
      }),
    }));
    renderPage(<InvoicesCard />, { path: '/billing' });
    expect(await screen.findByText('No invoices yet.')).toBeTruthy();
    expect(screen.getByText('Trial ends')).toBeTruthy();
    expect(screen.getByText('Dec 1, 2026')).toBeTruthy();
    expect(screen.getByText('$50.00 on Dec 1, 2026')).toBeTruthy();
  });

  it('warns when the last payment failed', async () => {
    answer(() => ({ body: list({ status: 'past_due', nextCharge: null }) }));
    renderPage(<InvoicesCard />, { path: '/billing' });
    expect(await screen.findByText(/Your last payment failed/)).toBeTruthy();
    expect(screen.queryByText('Next charge')).toBeNull();
  });

  it('says when a failed payment is tried again (the retry schedule)', async () => {
    const [open, paid] = list().invoices;
    answer(() => ({
      body: list({
        status: 'past_due',
        nextCharge: null,
        invoices: [{ ...open, attemptCount: 2, nextPaymentAttempt: '2027-01-05T12:00:00.000Z' }, paid],
      }),
    }));
    renderPage(<InvoicesCard />, { path: '/billing' });
    const alert = await screen.findByText('Payment failed: next attempt on Jan 5, 2027');
    expect(alert).toBeTruthy();
    expect(screen.getByText(/Update your card in Manage Billing before then/)).toBeTruthy();
    expect(screen.queryByText(/Subscription canceled/)).toBeNull();
  });

  it('says the subscription was canceled after the last failed payment', async () => {
    const [open, paid] = list().invoices;
    answer(() => ({
      body: list({
        status: 'canceled',
        nextCharge: null,
        invoices: [{ ...open, attemptCount: 4, nextPaymentAttempt: null }, paid],
      }),
    }));
    renderPage(<InvoicesCard />, { path: '/billing' });
    expect(await screen.findByText('Subscription canceled after failed payments')).toBeTruthy();
    expect(screen.queryByText(/next attempt/)).toBeNull();
    expect(screen.queryByText(/Your last payment failed/)).toBeNull();
  });

  it('says nothing about failed payments for a subscription canceled by its owner', async () => {
    const [, paid] = list().invoices;
    answer(() => ({ body: list({ status: 'canceled', nextCharge: null, invoices: [paid] }) }));
    renderPage(<InvoicesCard />, { path: '/billing' });
    expect(await screen.findByRole('table', { name: 'Invoices' })).toBeTruthy();
    expect(screen.queryByText(/Subscription canceled after failed payments/)).toBeNull();
  });

  it('says nothing about failed payments when the owner canceled while retries were still due', async () => {
    const [open, paid] = list().invoices;
    answer(() => ({
      body: list({
        status: 'canceled',
        nextCharge: null,
        invoices: [{ ...open, attemptCount: 2, nextPaymentAttempt: '2027-01-05T12:00:00.000Z' }, paid],
      }),
    }));
    renderPage(<InvoicesCard />, { path: '/billing' });
    expect(await screen.findByRole('table', { name: 'Invoices' })).toBeTruthy();
    expect(screen.queryByText(/Subscription canceled after failed payments/)).toBeNull();
    expect(screen.queryByText(/next attempt/)).toBeNull();
  });

  it('shows an error with a retry that loads the list', async () => {
    let fail = true;
    answer(() => (fail ? { status: 503, body: { message: 'Service unavailable' } } : { body: list() }));
    renderPage(<InvoicesCard />, { path: '/billing' });
    expect(await screen.findByText(/Could not load your invoices/, {}, { timeout: 5000 })).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Invoices' })).toBeTruthy();
  });
});
