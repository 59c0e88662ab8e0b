/**
 * The checkout an unverified user asked for (issue 15): remembered in this browser when the "Verify your email"
 * dialog stops it, offered again on /verify-email once the address is proven (one click). Plain data in
 * localStorage, kept a day; nothing here starts a checkout.
 */
export type TPendingCheckout =
  { kind: 'plan'; plan: 'basic' | 'pro'; billingCycle: 'monthly' | 'annual' } | { kind: 'licence' };

const KEY = 'dealflow.pendingCheckout';
const MAX_AGE_MS = 24 * 3600 * 1000;

export function rememberPendingCheckout(choice: TPendingCheckout): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify({ ...choice, at: Date.now() }));
  } catch {
    // Storage refused (private mode): the dialog still explains; the continuation is simply not offered.
  }
}

export function readPendingCheckout(): TPendingCheckout | null {
  try {
    const raw = window.localStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<TPendingCheckout> & {
      at?: number;
      plan?: unknown;
      billingCycle?: unknown;
    };
    if (typeof value.at !== 'number' || Date.now() - value.at > MAX_AGE_MS) return null;
    if (value.kind === 'licence') return { kind: 'licence' };
    const isPlan = value.plan === 'basic' || value.plan === 'pro';
    const isCycle = value.billingCycle === 'monthly' || value.billingCycle === 'annual';
    return value.kind === 'plan' && isPlan && isCycle
      ? {
          kind: 'plan',
          plan: value.plan as 'basic' | 'pro',
          billingCycle: value.billingCycle as 'monthly' | 'annual',
        }
      : null;
  } catch {
    return null;
  }
}

export function clearPendingCheckout(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}

/** "Pro (annual)" or "the Standard License": how the dialog and the continuation name the choice. */
export const pendingCheckoutLabel = (choice: TPendingCheckout) =>
  choice.kind === 'licence'
    ? 'the Standard License'
    : `${choice.plan === 'pro' ? 'Pro' : 'Basic'} (${choice.billingCycle})`;
