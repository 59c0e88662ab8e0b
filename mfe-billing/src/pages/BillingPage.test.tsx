import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster, toast } from '@dealflow/web-kit';
import { readPendingCheckout } from '@dealflow/web-kit/pending-checkout';
import BillingPage from './BillingPage.js';
import { BillingTexts, browser } from '../lib/texts.js';
import { answerApi, renderPage } from '../test/render.js';
import { freeSubscription, organization, person, subscription } from '../test/fixtures.js';

afterEach(() => {
  cleanup();
  toast.dismiss();
});

type Extra = (url: URL, init: RequestInit) => { status?: number; body: unknown } | undefined;
function signedIn(user = person(), sub: unknown = subscription(), extra?: Extra) {
  return answerApi((url, init) => {
    const answer = extra?.(url, init);
    if (answer) return answer;
    if (url.pathname === '/api/auth/me') return { body: { user, organization, sessionId: 's' } };
    if (url.pathname === '/api/stripe/subscription') return { body: sub };
    if (url.pathname === '/api/stripe/usage') {
      return {
        body: {
          month: '2026-11',
          totalDecksProcessed: 30,
          limit: 400,
          usageRecords: [
            {
              id: 'u1',
              userId: 1,
              user: { name: 'Olivia', email: 'olivia@example.com' },
              decksProcessed: 30,
            },
          ],
        },
      };
    }
    return undefined;
  });
}

const page = () =>
  renderPage(
    <>
      <BillingPage />
      <Toaster />
    </>,
    { path: '/billing' },
  );

describe('BillingPage', () => {
  it('shows the trialing Professional subscription, its seats, price, renewal, the trial banner and usage', async () => {
    signedIn();
    page();
    expect(await screen.findByRole('heading', { name: BillingTexts.currentSubscription })).toBeTruthy();
    expect(screen.getByText('Professional')).toBeTruthy();
    expect(screen.getByText('2')).toBeTruthy();
    expect(screen.getByText('$480 per user / year ($960 total)')).toBeTruthy();
    expect(screen.getByText('Trialing')).toBeTruthy();
    expect(screen.getByText('Renews on Nov 28, 2026')).toBeTruthy();
    expect(screen.getByText(/^Your free trial ends in 3 days/)).toBeTruthy();
    expect(await screen.findByText('30 of 400 decks processed')).toBeTruthy();
    // A live paid subscription is changed in the portal, not by choosing a plan again.
    expect(screen.queryByRole('heading', { name: BillingTexts.chooseAPlan })).toBeNull();
  });

  it('offers Basic and Pro (Popular) with the Save 20% annual tab, and goes to checkout after 1 s', async () => {
    const calls = signedIn(person(), freeSubscription(), (url) =>
      url.pathname === '/api/stripe/checkout'
        ? { body: { url: 'http://localhost:3000/pay/checkout/cs_1', sessionId: 'cs_1' } }
        : undefined,
    );
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const user = userEvent.setup();
    page();
    expect(await screen.findByRole('heading', { name: BillingTexts.chooseAPlan })).toBeTruthy();
    expect(screen.getByText('Save 20%')).toBeTruthy();
    expect(screen.getByText('Popular')).toBeTruthy();
    expect(screen.getByText('$40')).toBeTruthy(); // Pro annual shown per month
    await user.click(screen.getByRole('tab', { name: /Monthly/ }));
    expect(screen.getByText('$50')).toBeTruthy();
    const started = Date.now();
    await user.click(screen.getByRole('button', { name: 'Choose Pro' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:3000/pay/checkout/cs_1'), {
      timeout: 4000,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(calls.find((c) => c.path === '/api/stripe/checkout')!.body).toEqual({
      plan: 'pro',
      billingCycle: 'monthly',
    });
  });

  it('an unverified owner gets the "Verify your email" dialog instead of a failing checkout, with Resend, and the plan kept (issue 15)', async () => {
    window.localStorage.clear();
    const calls = signedIn({ ...person(), emailVerified: false }, freeSubscription(), (url) =>
      url.pathname === '/api/account/email/verification'
        ? { body: { success: true, message: 'We sent a new verification link to olivia@example.com.' } }
        : undefined,
    );
    const user = userEvent.setup();
    page();
    await screen.findByRole('heading', { name: BillingTexts.chooseAPlan });
    await user.click(screen.getByRole('tab', { name: /Monthly/ }));
    await user.click(screen.getByRole('button', { name: 'Choose Pro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify your email to start your trial' });
    expect(dialog.textContent).toContain('olivia@example.com');
    expect(dialog.textContent).toContain('Pro (monthly)');
    expect(calls.some((c) => c.path === '/api/stripe/checkout')).toBe(false);
    expect(readPendingCheckout()).toEqual({ kind: 'plan', plan: 'pro', billingCycle: 'monthly' });
    await user.click(within(dialog).getByRole('button', { name: 'Resend email' }));
    expect(await within(dialog).findByText(/We sent a new verification link/)).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/account/email/verification')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows 'Failed to create checkout session. Please try again.' when checkout fails", async () => {
    signedIn(person(), freeSubscription(), (url) =>
      url.pathname === '/api/stripe/checkout'
        ? { status: 502, body: { message: 'Stripe is down' } }
        : undefined,
    );
    const user = userEvent.setup();
    page();
    await user.click(await screen.findByRole('button', { name: 'Choose Basic' }));
    expect((await screen.findAllByText(BillingTexts.checkoutFailed)).length).toBeGreaterThan(0);
  });

  it("shows the 'Error loading subscription data' block with the message", async () => {
    signedIn(person(), null, (url) =>
      url.pathname === '/api/stripe/subscription'
        ? { status: 500, body: { message: 'Database unavailable' } }
        : undefined,
    );
    page();
    expect(await screen.findByRole('heading', { name: BillingTexts.loadError })).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();
  });

  it("toasts 'Billing Portal Error' with the server message when the portal cannot open", async () => {
    signedIn(person(), subscription(), (url) =>
      url.pathname === '/api/stripe/portal'
        ? { status: 404, body: { message: 'No billing account yet: choose a plan first' } }
        : undefined,
    );
    const user = userEvent.setup();
    page();
    await user.click(await screen.findByRole('button', { name: BillingTexts.manageBilling }));
    expect(await screen.findByText(BillingTexts.portalErrorTitle)).toBeTruthy();
    expect(screen.getByText('No billing account yet: choose a plan first')).toBeTruthy();
  });

  it.each([
    'Verify your email to change billing: open the link we sent to your address, or send a new one.',
    'Confirm your email address first: use the link we sent you, then try again',
  ])('shows the refusal of an unverified address or session as it is (issue 20): %s', async (message) => {
    signedIn(person(), subscription(), (url) =>
      url.pathname === '/api/stripe/portal' ? { status: 403, body: { message } } : undefined,
    );
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const user = userEvent.setup();
    page();
    await user.click(await screen.findByRole('button', { name: BillingTexts.manageBilling }));
    expect(await screen.findByText(BillingTexts.portalErrorTitle)).toBeTruthy();
    expect(await screen.findByText(message)).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });

  it('keeps members out (owner only) and does not load billing data for them', async () => {
    const calls = signedIn(person({ role: 'member' }));
    page();
    expect(await screen.findByText(BillingTexts.ownerOnly)).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/api/stripe'))).toBe(false);
    // Anyone may still buy the template licence here (the dashboard's Purchase Access lands on /billing).
    expect(screen.getByRole('heading', { name: BillingTexts.licenseTitle })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Buy Now - $50' })).toBeTruthy();
  });
});
