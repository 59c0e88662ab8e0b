import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Toaster } from '@dealflow/web-kit';
import { CHECKOUT_ERROR_DEFAULT, CheckoutButton, checkoutErrorText } from './CheckoutButton';
import { stubApi } from '../test/render';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});


describe('CheckoutButton (the shell fallback purchase button)', () => {
  it('posts /api/stripe/checkout with no body, shows Processing... disabled, then a Checkout Error toast', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const calls = stubApi(async () => {
      await gate;
      return [400, { message: 'No organization found. Please refresh and try again.' }];
    });
    render(
      <>
        <CheckoutButton label="Buy Now - $50" />
        <Toaster />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Buy Now - $50' }));
    const busy = await screen.findByRole('button', { name: 'Processing...' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    expect(calls[0]).toMatchObject({ url: '/api/stripe/checkout', method: 'POST', body: undefined });
    release();
    expect(await screen.findByRole('button', { name: 'Buy Now - $50' })).toBeTruthy();
    const toast = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(toast.textContent).toContain('Checkout Error');
    expect(toast.textContent).toContain('No organization found. Please refresh and try again.');
    expect(calls).toHaveLength(1);
  });

  it('uses the error message, the message field, or the default text', () => {
    expect(checkoutErrorText(new Error('Card declined'))).toBe('Card declined');
    expect(checkoutErrorText({ message: 'From an object' })).toBe('From an object');
    expect(checkoutErrorText('weird')).toBe(CHECKOUT_ERROR_DEFAULT);
    expect(CHECKOUT_ERROR_DEFAULT).toBe('There was a problem initiating checkout. Please try again.');
  });
});
