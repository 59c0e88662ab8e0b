import { useEffect, useState, type FormEvent } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
} from '@fluentui/react-components';

/**
 * A signed-out visitor's email, asked in this browser before a guest checkout starts (issue 20): the checkout
 * is created with it locked, and the visitor lands signed in only when the payment was made with it. Shared by
 * the shell's CheckoutButton and billing's PurchaseButton (a subpath export: the landing page loads it only
 * when a visitor starts a guest checkout).
 */
export const GuestEmailTexts = {
  titleLicence: 'Your email for the licence',
  titlePlan: (plan: string) => `Your email for the ${plan} trial`,
  intro:
    'We create your account with this address and send the receipt to it. The payment page uses the same address.',
  label: 'Email',
  placeholder: 'name@example.com',
  required: 'Enter your email address.',
  invalid: 'Enter a valid email address, like name@example.com.',
  tooLong: 'This email address is too long.',
  submit: 'Continue to payment',
  processing: 'Processing...',
  cancel: 'Cancel',
  failed: 'There was a problem initiating checkout. Please try again.',
} as const;

const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,63}$/;

/** The validation message for `value`, or null when it is a usable address. */
export function guestEmailError(value: string): string | null {
  const email = value.trim();
  if (!email) return GuestEmailTexts.required;
  if (email.length > 254) return GuestEmailTexts.tooLong;
  if (!EMAIL.test(email)) return GuestEmailTexts.invalid;
  return null;
}

/** What a failed start says: the server's `{message}` when there is one, else the default. */
const errorText = (error: unknown) =>
  error instanceof Error && error.message ? error.message : GuestEmailTexts.failed;

export interface TGuestEmailDialogProps {
  open: boolean;
  /** The plan of a guest trial ('Pro'); none for the licence. */
  planLabel?: string;
  /** Starts the checkout with the address (trimmed); a rejection is shown in the dialog, which stays open. */
  onSubmit: (email: string) => Promise<void>;
  onClose: () => void;
}

export function GuestEmailDialog({ open, planLabel, onSubmit, onClose }: TGuestEmailDialogProps) {
  const title = planLabel ? GuestEmailTexts.titlePlan(planLabel) : GuestEmailTexts.titleLicence;
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  useEffect(() => {
    if (open) setState({ busy: false, error: null });
  }, [open]);
  const invalid = touched ? guestEmailError(email) : null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (guestEmailError(email) || state.busy) return;
    setState({ busy: true, error: null });
    try {
      await onSubmit(email.trim());
      // The browser is on its way to the payment page: stay busy.
    } catch (error) {
      setState({ busy: false, error: errorText(error) });
    }
  };
  return (
    <Dialog open={open} onOpenChange={(_event, data) => (data.open || state.busy ? undefined : onClose())}>
      <DialogSurface>
        <form noValidate onSubmit={(event) => void submit(event)}>
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent>
              <p>{GuestEmailTexts.intro}</p>
              <Field
                label={GuestEmailTexts.label}
                required
                validationState={invalid ? 'error' : 'none'}
                validationMessage={invalid ?? undefined}
              >
                <Input
                  type="email"
                  name="email"
                  autoComplete="email"
                  placeholder={GuestEmailTexts.placeholder}
                  value={email}
                  disabled={state.busy}
                  onChange={(_event, data) => {
                    setEmail(data.value);
                    if (state.error) setState({ busy: false, error: null });
                  }}
                  onBlur={() => setTouched(email.trim() !== '')}
                />
              </Field>
              {state.error ? (
                <MessageBar intent="error" role="alert">
                  <MessageBarBody>{state.error}</MessageBarBody>
                </MessageBar>
              ) : null}
            </DialogContent>
            <DialogActions>
              <Button
                type="submit"
                appearance="primary"
                disabled={state.busy}
                aria-busy={state.busy || undefined}
              >
                {state.busy ? GuestEmailTexts.processing : GuestEmailTexts.submit}
              </Button>
              <Button type="button" disabled={state.busy} onClick={onClose}>
                {GuestEmailTexts.cancel}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
