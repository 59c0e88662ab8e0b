import { useState } from 'react';
import { TEMPLATE_PRICE_USD } from '@dealflow/contracts/plans';
// Button from web-kit: the shell's copy, already loaded (see web-kit's index).
import { Button, toast, useAuth, type ButtonProps } from '@dealflow/web-kit';
import { rememberPendingCheckout } from '@dealflow/web-kit/pending-checkout';
import { GuestEmailDialog } from '@dealflow/web-kit/guest-email';
import { VerifyEmailDialog } from '../components/VerifyEmailDialog.js';
import { isStillUnverified } from '../lib/verified.js';
import { api } from '@dealflow/contracts/client';
import { PurchaseTexts, browser } from '../lib/texts.js';

/** The Checkout Error toast's text (seed 000 section 8): the error's message, else its message field, else the default. */
export function purchaseErrorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') {
    return (error as { message: string }).message || PurchaseTexts.errorDefault;
  }
  return PurchaseTexts.errorDefault;
}

export interface TPurchaseButtonProps {
  /** 'Buy Now - $50' (default) or 'Purchase Now'. */
  label?: string;
  appearance?: ButtonProps['appearance'];
  size?: ButtonProps['size'];
}

/** The checkout's URL from its answer (checked as unknown: production does not parse answers). */
function checkoutUrl(answer: unknown): string {
  if (!answer || typeof answer !== 'object') throw new Error(PurchaseTexts.invalidResponse);
  const url = (answer as { url?: unknown }).url;
  if (typeof url !== 'string' || !url) throw new Error(PurchaseTexts.noUrl);
  return url;
}

/**
 * The one-time $50 purchase: POST /api/stripe/checkout with no body, 'Processing...' and disabled while it
 * runs, then the browser goes to the checkout. A signed-out visitor buys as a guest: the email is asked here
 * first (issue 20: the checkout is created with it locked), the account is created on return and the
 * auto-login signs the buyer in when the payment was made with that address (issue 14).
 */
export default function PurchaseButton({
  label = `Buy Now - $${TEMPLATE_PRICE_USD}`,
  appearance = 'primary',
  size = 'large',
}: TPurchaseButtonProps) {
  const [processing, setProcessing] = useState(false);
  const { user } = useAuth();
  const [explaining, setExplaining] = useState(false);
  const [askingEmail, setAskingEmail] = useState(false);
  const startAsGuest = async (email: string) => {
    browser.assign(checkoutUrl(await api.billing.checkout({ email })));
  };
  const start = async () => {
    if (!user) {
      setAskingEmail(true);
      return;
    }
    // Signed in but unverified: the checkout would be refused (issue 15); explain and keep the choice instead.
    setProcessing(true);
    if (await isStillUnverified(user)) {
      rememberPendingCheckout({ kind: 'licence' });
      setExplaining(true);
      setProcessing(false);
      return;
    }
    try {
      // A broken answer must still end in a toast.
      browser.assign(checkoutUrl(await api.billing.checkout()));
    } catch (error) {
      toast({
        title: PurchaseTexts.errorTitle,
        description: purchaseErrorText(error),
        variant: 'destructive',
      });
    } finally {
      setProcessing(false);
    }
  };
  return (
    <>
      <Button appearance={appearance} size={size} disabled={processing} onClick={() => void start()}>
        {processing ? PurchaseTexts.processing : label}
      </Button>
      {user && explaining ? (
        <VerifyEmailDialog
          open
          email={user.email}
          choice={{ kind: 'licence' }}
          onClose={() => setExplaining(false)}
        />
      ) : null}
      {!user && askingEmail ? (
        <GuestEmailDialog open onSubmit={startAsGuest} onClose={() => setAskingEmail(false)} />
      ) : null}
    </>
  );
}
