import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster, toast } from '@dealflow/web-kit';
import { readPendingCheckout } from '@dealflow/web-kit/pending-checkout';
import { GuestEmailTexts } from '@dealflow/web-kit/guest-email';
import PurchaseButton from './PurchaseButton.js';
import { PurchaseTexts, browser } from '../lib/texts.js';
import { answerApi, renderPage } from '../test/render.js';
import { organization, person } from '../test/fixtures.js';

afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
  toast.dismiss();
});

function withCheckout(answer: () => { status?: number; body: unknown }) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const calls = answerApi((url) => {
    if (url.pathname === '/api/auth/me') return { body: { user: person(), organization, sessionId: 's' } };
    return undefined;
  });
  const plain = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    if (String(input).endsWith('/api/stripe/checkout')) {
      calls.push({ method: init.method ?? 'GET', path: '/api/stripe/checkout', body: init.body });
      await gate;
      const a = answer();
      return new Response(JSON.stringify(a.body), {
        status: a.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }
    return plain(input, init);
  });
  return { calls, release: () => release() };
}

describe('PurchaseButton', () => {
  it("reads 'Processing...' and is disabled while checkout starts, then goes to the checkout URL", async () => {
    const { calls, release } = withCheckout(() => ({
      body: { url: 'http://localhost:3000/pay/checkout/cs_9', sessionId: 'cs_9' },
    }));
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderPage(<PurchaseButton label="Purchase Now" />);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/auth/me')).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    await user.click(await screen.findByRole('button', { name: 'Purchase Now' }));
    const busy = await screen.findByRole('button', { name: PurchaseTexts.processing });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    release();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:3000/pay/checkout/cs_9'));
    expect(calls.find((c) => c.path === '/api/stripe/checkout')!.body).toBeUndefined();
    expect(await screen.findByRole('button', { name: 'Purchase Now' })).toBeTruthy();
  });

  it.each([
    ['a server error', () => ({ status: 401, body: { message: 'Not authenticated' } }), 'Not authenticated'],
    ['no checkout URL', () => ({ body: { sessionId: 'cs_1' } }), PurchaseTexts.noUrl],
  ])("toasts 'Checkout Error' on %s", async (name, answer, text) => {
    // A production build does not check answers against the contract (tests and development refuse them
    // first): this is what a visitor sees when the server answers without a URL.
    if (name === 'no checkout URL') vi.stubEnv('NODE_ENV', 'production');
    const { release } = withCheckout(answer);
    release();
    const user = userEvent.setup();
    renderPage(
      <>
        <PurchaseButton />
        <Toaster />
      </>,
    );
    await new Promise((r) => setTimeout(r, 100));
    await user.click(await screen.findByRole('button', { name: 'Buy Now - $50' }));
    expect(await screen.findByText(PurchaseTexts.errorTitle)).toBeTruthy();
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Buy Now - $50' })).toBeTruthy();
  });

  /** A signed-out visitor; the checkout answers `answer` once `release` is called. */
  function signedOutWithCheckout(answer: () => { status?: number; body: unknown }) {
    const calls = answerApi((url) =>
      url.pathname === '/api/auth/me' ? { status: 401, body: { message: 'Not authenticated' } } : undefined,
    );
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const plain = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
      if (String(input).endsWith('/api/stripe/checkout')) {
        calls.push({ method: init.method ?? 'GET', path: '/api/stripe/checkout', body: init.body });
        await gate;
        const a = answer();
        return new Response(JSON.stringify(a.body), {
          status: a.status ?? 200,
          headers: { 'content-type': 'application/json' },
        });
      }
      return plain(input, init);
    });
    return { calls, release: () => release() };
  }

  it('asks a signed-out visitor for the email first (issue 20), then starts the guest checkout with it', async () => {
    const { calls, release } = signedOutWithCheckout(() => ({
      body: { url: 'http://localhost:3000/pay/checkout/cs_7', sessionId: 'cs_7' },
    }));
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderPage(<PurchaseButton />);
    await new Promise((r) => setTimeout(r, 100));
    await user.click(await screen.findByRole('button', { name: 'Buy Now - $50' }));
    const dialog = await screen.findByRole('dialog', { name: GuestEmailTexts.titleLicence });
    expect(calls.some((c) => c.path === '/api/stripe/checkout')).toBe(false);

    // Validation: empty, then malformed; nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: GuestEmailTexts.submit }));
    expect(await within(dialog).findByText(GuestEmailTexts.required)).toBeTruthy();
    const field = within(dialog).getByRole('textbox', { name: /Email/ });
    await user.type(field, 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: GuestEmailTexts.submit }));
    expect(await within(dialog).findByText(GuestEmailTexts.invalid)).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/stripe/checkout')).toBe(false);

    await user.clear(field);
    await user.type(field, ' buyer@example.com ');
    await user.click(within(dialog).getByRole('button', { name: GuestEmailTexts.submit }));
    // Loading: the button says so and is disabled until the checkout answers.
    const busy = await within(dialog).findByRole('button', { name: GuestEmailTexts.processing });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    release();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:3000/pay/checkout/cs_7'));
    expect(JSON.parse(String(calls.find((c) => c.path === '/api/stripe/checkout')!.body))).toEqual({
      email: 'buyer@example.com',
    });
    expect(assign).not.toHaveBeenCalledWith('/login');
  });

  it("shows the server's refusal in the email dialog, which stays open to try again", async () => {
    const { release } = signedOutWithCheckout(() => ({
      status: 400,
      body: { message: 'Enter your email address to buy without an account.' },
    }));
    release();
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderPage(<PurchaseButton />);
    await new Promise((r) => setTimeout(r, 100));
    await user.click(await screen.findByRole('button', { name: 'Buy Now - $50' }));
    const dialog = await screen.findByRole('dialog', { name: GuestEmailTexts.titleLicence });
    await user.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'buyer@example.com');
    await user.click(within(dialog).getByRole('button', { name: GuestEmailTexts.submit }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Enter your email address to buy without an account.');
    expect(assign).not.toHaveBeenCalled();
    expect(
      (within(dialog).getByRole('button', { name: GuestEmailTexts.submit }) as HTMLButtonElement).disabled,
    ).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: GuestEmailTexts.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  /** Renders the button, waits until the session has loaded, and clicks Buy Now. */
  async function clickBuyOnceSignedIn(calls: { path: string }[]) {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderPage(<PurchaseButton />);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/auth/me')).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    await user.click(await screen.findByRole('button', { name: 'Buy Now - $50' }));
    return { assign, user };
  }

  it('an unverified buyer gets the "Verify your email to buy" dialog, no checkout, and the licence kept (issue 15)', async () => {
    window.localStorage.clear();
    const calls = answerApi((url) => {
      if (url.pathname === '/api/auth/me')
        return { body: { user: { ...person(), emailVerified: false }, organization, sessionId: 's' } };
      if (url.pathname === '/api/stripe/checkout')
        return { body: { url: 'http://x/pay', sessionId: 'cs_x' } };
      return undefined;
    });
    const { assign, user } = await clickBuyOnceSignedIn(calls);
    const dialog = await screen.findByRole('dialog', { name: 'Verify your email to buy' });
    expect(dialog.textContent).toContain('olivia@example.com');
    expect(calls.some((c) => c.path === '/api/stripe/checkout')).toBe(false);
    expect(assign).not.toHaveBeenCalled();
    expect(readPendingCheckout()).toEqual({ kind: 'licence' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Fluent's modal gives the page back (aria-hidden removed) after its exit transition: wait for it.
    const button = await screen.findByRole('button', { name: 'Buy Now - $50' }, { timeout: 10_000 });
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it('goes to checkout when the link was followed in another tab (the server says verified now)', async () => {
    let meCalls = 0;
    const calls = answerApi((url) => {
      if (url.pathname === '/api/auth/me') {
        meCalls += 1;
        // The page loaded unverified; the fresh check at the click answers verified.
        return { body: { user: { ...person(), emailVerified: meCalls > 1 }, organization, sessionId: 's' } };
      }
      if (url.pathname === '/api/stripe/checkout')
        return { body: { url: 'http://localhost:3000/pay/checkout/cs_8', sessionId: 'cs_8' } };
      return undefined;
    });
    const { assign } = await clickBuyOnceSignedIn(calls);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:3000/pay/checkout/cs_8'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
