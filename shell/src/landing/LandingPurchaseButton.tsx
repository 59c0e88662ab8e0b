import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { RemoteComponent, type TRemoteId } from '@dealflow/web-kit';
import { CheckoutButton } from '../components/CheckoutButton';

// Billing's PurchaseButton costs ~25 KB gzip (its remoteEntry.js and chunks), a tenth of the landing page's
// JavaScript. The page starts with the shell's own CheckoutButton, which behaves the same, and fetches
// billing's only when a visitor is about to use a purchase button (pointer over it, touch, focus) or one
// scrolls near the viewport. The shell's button stays until billing's has arrived, so the swap never
// happens between a press and its click while the remote is on its way.

const BILLING_BUTTON: TRemoteId = 'mfe_billing/PurchaseButton';
/** How far below the viewport a purchase button starts fetching billing's (pixels). */
const NEAR_VIEWPORT_PX = 300;

let isBillingButtonLoaded = false;
let pending: Promise<unknown> | undefined;
const listeners = new Set<() => void>();

/** Fetch billing's PurchaseButton once for every purchase button on the page. */
function requestBillingButton() {
  if (isBillingButtonLoaded || pending) return;
  pending = loadRemote(BILLING_BUTTON)
    .then((module) => {
      if (!module) throw new Error(`${BILLING_BUTTON} could not be loaded`);
      isBillingButtonLoaded = true;
      for (const listener of listeners) listener();
    })
    // Billing is down: the shell's own button keeps working (the error-load-remote plugin recorded why);
    // the next interaction tries again.
    .catch(() => undefined)
    .finally(() => (pending = undefined));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

const getIsBillingButtonLoaded = () => isBillingButtonLoaded;

/**
 * A purchase button of the landing page: billing's PurchaseButton once it has been fetched, the shell's
 * CheckoutButton until then (and if billing's fails). `loadWhenNear` fetches billing's when this button
 * scrolls near the viewport; the hero's button, visible at once, waits for an interaction.
 */
export function LandingPurchaseButton({
  label,
  appearance,
  loadWhenNear = false,
}: {
  label: string;
  appearance?: 'primary' | 'secondary';
  loadWhenNear?: boolean;
}) {
  const isLoaded = useSyncExternalStore(subscribe, getIsBillingButtonLoaded, getIsBillingButtonLoaded);
  // A visitor typing the email in the shell's button's dialog keeps that button (and the dialog) until it
  // closes: billing's arriving meanwhile must not unmount it mid-purchase.
  const [isAskingEmail, setIsAskingEmail] = useState(false);
  const wrapper = useRef<HTMLSpanElement>(null);
  const hasFocus = useRef(false);

  useEffect(() => {
    const element = wrapper.current;
    if (isLoaded || !loadWhenNear || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) requestBillingButton();
      },
      { rootMargin: `0px 0px ${NEAR_VIEWPORT_PX}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isLoaded, loadWhenNear]);

  // Billing's button replaces the shell's: a keyboard user keeps the focus on the purchase button.
  useEffect(() => {
    const element = wrapper.current;
    if (!element || typeof MutationObserver === 'undefined') return;
    const observer = new MutationObserver(() => {
      const active = document.activeElement;
      if (hasFocus.current && (!active || active === document.body)) element.querySelector('button')?.focus();
    });
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);

  const own = <CheckoutButton label={label} appearance={appearance} onEmailDialogChange={setIsAskingEmail} />;
  return (
    <span
      ref={wrapper}
      style={{ display: 'inline-flex' }}
      onPointerEnter={requestBillingButton}
      onTouchStart={requestBillingButton}
      onFocus={() => {
        hasFocus.current = true;
        requestBillingButton();
      }}
      onBlur={(event) => {
        const next = event.relatedTarget as Node | null;
        if (next) hasFocus.current = event.currentTarget.contains(next);
        // Focus going nowhere: a click elsewhere, or the focused button being replaced (decided after the swap).
        else setTimeout(() => (hasFocus.current = !!wrapper.current?.contains(document.activeElement)), 0);
      }}
    >
      {isLoaded && !isAskingEmail ? (
        <RemoteComponent id={BILLING_BUTTON} props={{ label, appearance }} loading={own} fallback={own} />
      ) : (
        own
      )}
    </span>
  );
}
