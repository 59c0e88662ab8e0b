import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from '@dealflow/web-kit';
import { GuestEmailTexts } from '@dealflow/web-kit/guest-email';
import { CHECKOUT_ERROR_DEFAULT, CheckoutButton, checkoutErrorText } from './CheckoutButton';
import { renderApp, sessionFor, stubApi } from '../test/render';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CheckoutButton (the shell fallback purchase button)', () => {
  it('posts /api/stripe/checkout with no body, shows Processing... disabled, then a Checkout Error toast', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const calls = stubApi(async (call) => {
      if (call.url.endsWith('/api/auth/me')) return [200, sessionFor()];
      await gate;
      return [400, { message: 'No organization found. Please refresh and try again.' }];
    });
    renderApp(
      <>
        <CheckoutButton label="Buy Now - $50" />
        <Toaster />
      </>,
    );
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/api/auth/me'))).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    fireEvent.click(screen.getByRole('button', { name: 'Buy Now - $50' }));
    const busy = await screen.findByRole('button', { name: 'Processing...' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    const checkout = calls.filter((c) => c.url.endsWith('/api/stripe/checkout'));
    expect(checkout).toEqual([expect.objectContaining({ method: 'POST', body: undefined })]);
    release();
    expect(await screen.findByRole('button', { name: 'Buy Now - $50' })).toBeTruthy();
    const toast = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(toast.textContent).toContain('Checkout Error');
    expect(toast.textContent).toContain('No organization found. Please refresh and try again.');
    expect(calls.filter((c) => c.url.endsWith('/api/stripe/checkout'))).toHaveLength(1);
  });

  it('lets a signed-out visitor buy as a guest with the email given first (issues 14 and 20)', async () => {
    const calls = stubApi((call) =>
      call.url.endsWith('/api/stripe/checkout')
        ? [200, { url: 'http://localhost:3000/pay/checkout/cs_local_1', sessionId: 'cs_local_1' }]
        : [401, { message: 'Not authenticated' }],
    );
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderApp(<CheckoutButton label="Purchase Now" />);
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/api/auth/me'))).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    fireEvent.click(screen.getByRole('button', { name: 'Purchase Now' }));
    const dialog = await screen.findByRole('dialog', { name: GuestEmailTexts.titleLicence });
    fireEvent.click(within(dialog).getByRole('button', { name: GuestEmailTexts.submit }));
    expect(await within(dialog).findByText(GuestEmailTexts.required)).toBeTruthy();
    expect(calls.filter((c) => c.url.endsWith('/api/stripe/checkout'))).toEqual([]);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Email/ }), {
      target: { value: 'guest@example.com' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: GuestEmailTexts.submit }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:3000/pay/checkout/cs_local_1'));
    const [checkout] = calls.filter((c) => c.url.endsWith('/api/stripe/checkout'));
    expect(JSON.parse(String(checkout!.body))).toEqual({ email: 'guest@example.com' });
    expect(assign).not.toHaveBeenCalledWith('/login');
  });

  it('with a plan, a signed-out visitor starts that subscription as a guest (issue 14)', async () => {
    const calls = stubApi((call) =>
      call.url.endsWith('/api/stripe/checkout')
        ? [200, { url: 'http://localhost:3000/pay/checkout/cs_local_2', sessionId: 'cs_local_2' }]
        : [401, { message: 'Not authenticated' }],
    );
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderApp(
      <CheckoutButton label="Start Pro as a guest" choice={{ plan: 'pro', billingCycle: 'annual' }} />,
    );
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/api/auth/me'))).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    fireEvent.click(screen.getByRole('button', { name: 'Start Pro as a guest' }));
    const dialog = await screen.findByRole('dialog', { name: GuestEmailTexts.titlePlan('Pro') });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Email/ }), {
      target: { value: 'trial@example' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: GuestEmailTexts.submit }));
    expect(await within(dialog).findByText(GuestEmailTexts.invalid)).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Email/ }), {
      target: { value: 'trial@example.com' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: GuestEmailTexts.submit }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:3000/pay/checkout/cs_local_2'));
    const [checkout] = calls.filter((c) => c.url.endsWith('/api/stripe/checkout'));
    expect(JSON.parse(String(checkout!.body))).toEqual({
      plan: 'pro',
      billingCycle: 'annual',
      email: 'trial@example.com',
    });
  });

  it('uses the error message, the message field, or the default text', () => {
    expect(checkoutErrorText(new Error('Card declined'))).toBe('Card declined');
    expect(checkoutErrorText({ message: 'From an object' })).toBe('From an object');
    expect(checkoutErrorText('weird')).toBe(CHECKOUT_ERROR_DEFAULT);
    expect(CHECKOUT_ERROR_DEFAULT).toBe('There was a problem initiating checkout. Please try again.');
  });
});
