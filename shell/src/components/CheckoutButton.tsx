import { lazy, Suspense, useState } from 'react';
import { toast, useAuth, Button, type ButtonProps } from '@dealflow/web-kit';
import { api } from '@dealflow/contracts/client';

// The email step of a guest checkout (issue 20), fetched only when a signed-out visitor starts one: the
// landing page does not carry the dialog otherwise.
const GuestEmailDialog = lazy(() =>
  import('@dealflow/web-kit/guest-email').then((module) => ({ default: module.GuestEmailDialog })),
);

const PLAN_LABELS = { basic: 'Basic', pro: 'Pro' } as const;

export const CHECKOUT_ERROR_TITLE = 'Checkout Error';
export const CHECKOUT_ERROR_DEFAULT = 'There was a problem initiating checkout. Please try again.';

/** The description of the Checkout Error toast (seed 000 section 8). */
export function checkoutErrorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') {
    return (error as { message: string }).message || CHECKOUT_ERROR_DEFAULT;
  }
  return CHECKOUT_ERROR_DEFAULT;
}

/**
 * With `choice`, a subscription checkout for that plan (for a signed-out visitor: as a guest, whose account
 * and organization are created after checkout). A signed-out visitor gives the email first (a dialog with
 * validation, loading and the server's refusal): the checkout is created with it locked (issue 20). Without it, the shell's own purchase button, used until mfe_billing's PurchaseButton has loaded or when it cannot be:
 * it behaves as billing's does: POST /api/stripe/checkout with no body (the one-time purchase, also for a
 * signed-out visitor, who buys as a guest), 'Processing...' and disabled meanwhile, then the browser goes to
 * the returned url.
 */
export function CheckoutButton({
  label,
  appearance = 'primary',
  size = 'large',
  choice,
  onEmailDialogChange,
}: {
  label: string;
  appearance?: ButtonProps['appearance'];
  size?: ButtonProps['size'];
  choice?: { plan: 'basic' | 'pro'; billingCycle: 'monthly' | 'annual' };
  /** Told when the guest email dialog opens and closes (the landing page keeps this button meanwhile). */
  onEmailDialogChange?: (open: boolean) => void;
}) {
  const [processing, setProcessing] = useState(false);
  const [askingEmail, setAskingEmailState] = useState(false);
  const setAskingEmail = (open: boolean) => {
    setAskingEmailState(open);
    onEmailDialogChange?.(open);
  };
  const { user } = useAuth();
  const startAsGuest = async (email: string) => {
    const answer = await api.billing.checkout(choice ? { ...choice, email } : { email });
    if (!answer?.url) throw new Error('No checkout URL provided');
    window.location.assign(answer.url);
  };
  const start = async () => {
    if (!user) {
      setAskingEmail(true);
      return;
    }
    setProcessing(true);
    try {
      const answer = await (choice ? api.billing.checkout(choice) : api.billing.checkout());
      if (!answer?.url) throw new Error('No checkout URL provided');
      window.location.assign(answer.url);
    } catch (error) {
      toast({ title: CHECKOUT_ERROR_TITLE, description: checkoutErrorText(error), variant: 'destructive' });
    } finally {
      setProcessing(false);
    }
  };
  return (
    <>
      <Button
        appearance={appearance}
        size={size}
        disabled={processing}
        aria-busy={processing || undefined}
        onClick={() => void start()}
      >
        {processing ? 'Processing...' : label}
      </Button>
      {!user && askingEmail ? (
        <Suspense fallback={null}>
          <GuestEmailDialog
            open
            {...(choice ? { planLabel: PLAN_LABELS[choice.plan] } : {})}
            onSubmit={startAsGuest}
            onClose={() => setAskingEmail(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
