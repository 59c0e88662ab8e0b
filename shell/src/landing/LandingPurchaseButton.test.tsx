import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';

const loadRemote = vi.fn();
vi.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: (id: string) => loadRemote(id) }));

function BillingButton({ label }: { label: string }) {
  return (
    <button type="button" data-billing>
      {label}
    </button>
  );
}

// The module remembers that billing's button arrived: fresh modules per test (web-kit's too, so that the
// AuthProvider and the buttons share one context).
async function renderButtons() {
  vi.resetModules();
  const { renderApp, stubApi } = await import('../test/render');
  const { LandingPurchaseButton } = await import('./LandingPurchaseButton');
  stubApi(() => [401, { message: 'Not authenticated' }]);
  renderApp(
    <>
      <LandingPurchaseButton label="Buy Now - $50" />
      <LandingPurchaseButton label="Purchase Now" appearance="secondary" loadWhenNear />
    </>,
  );
}

beforeEach(() => {
  loadRemote.mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LandingPurchaseButton', () => {
  it("shows the shell's button and fetches nothing until a visitor is about to use one", async () => {
    loadRemote.mockResolvedValue({ default: BillingButton });
    await renderButtons();
    expect(screen.getByRole('button', { name: 'Buy Now - $50' }).hasAttribute('data-billing')).toBe(false);
    await new Promise((r) => setTimeout(r, 50));
    expect(loadRemote).not.toHaveBeenCalled();

    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Buy Now - $50' }).parentElement!);
    // One fetch for every purchase button on the page, then billing's buttons replace the shell's.
    expect(await screen.findByRole('button', { name: 'Purchase Now' })).toBeTruthy();
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Purchase Now' }).hasAttribute('data-billing')).toBe(true),
    );
    expect(screen.getByRole('button', { name: 'Buy Now - $50' }).hasAttribute('data-billing')).toBe(true);
    expect(loadRemote.mock.calls.every(([id]) => id === 'mfe_billing/PurchaseButton')).toBe(true);
  });

  it("keeps the shell's button while its guest email dialog is open, then lets billing's replace it (issue 20)", async () => {
    let arrive: (module: unknown) => void = () => undefined;
    loadRemote.mockReturnValue(new Promise((resolve) => (arrive = resolve)));
    await renderButtons();
    const shellButton = screen.getByRole('button', { name: 'Buy Now - $50' });
    fireEvent.pointerEnter(shellButton.parentElement!);
    fireEvent.click(shellButton);
    const dialog = await screen.findByRole('dialog', { name: 'Your email for the licence' });
    arrive({ default: BillingButton });
    await vi.waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Purchase Now', hidden: true }).hasAttribute('data-billing'),
      ).toBe(true),
    );
    // The visitor is still typing: the dialog and the button that opened it stay.
    expect(dialog.isConnected).toBe(true);
    expect(
      screen.getByRole('button', { name: 'Buy Now - $50', hidden: true }).hasAttribute('data-billing'),
    ).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    // Fluent's dialog leaves with a transition: on a busy CI machine that takes more than waitFor's 1 s default.
    await vi.waitFor(
      () =>
        expect(screen.getByRole('button', { name: 'Buy Now - $50' }).hasAttribute('data-billing')).toBe(true),
      { timeout: 10_000 },
    );
  });

  it("keeps the shell's button when billing cannot be loaded, and tries again on the next interaction", async () => {
    loadRemote.mockRejectedValue(new Error('billing is down'));
    await renderButtons();
    const wrapper = screen.getByRole('button', { name: 'Purchase Now' }).parentElement!;
    fireEvent.focus(screen.getByRole('button', { name: 'Purchase Now' }));
    await vi.waitFor(() => expect(loadRemote).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByRole('button', { name: 'Purchase Now' }).hasAttribute('data-billing')).toBe(false);
    fireEvent.pointerEnter(wrapper);
    await vi.waitFor(() => expect(loadRemote).toHaveBeenCalledTimes(2));
  });
});
