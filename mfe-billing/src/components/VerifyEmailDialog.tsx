import { useState } from 'react';
import {
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
} from '@fluentui/react-components';
import { Button } from '@dealflow/web-kit';
import { pendingCheckoutLabel, type TPendingCheckout } from '@dealflow/web-kit/pending-checkout';
import { api } from '@dealflow/contracts/client';

export const VerifyDialogTexts = {
  titlePlan: 'Verify your email to start your trial',
  titleLicence: 'Verify your email to buy',
  body: (email: string) => `We sent a verification link to ${email}. Open it, then continue from there.`,
  remembered: (choice: string) =>
    `We kept your choice: ${choice}. After verifying, one click takes you to checkout.`,
  resend: 'Resend email',
  sending: 'Sending...',
  failed: 'We could not send the email. Please try again in a moment.',
  close: 'Close',
} as const;

/**
 * Shown instead of a checkout that would fail (issue 15): an unverified owner pressed a trial, subscribe or
 * buy button. Names the address, offers the rate-limited resend, and says the choice is kept (the caller has
 * remembered it with rememberPendingCheckout; /verify-email offers it again).
 */
export function VerifyEmailDialog({
  open,
  email,
  choice,
  onClose,
}: {
  open: boolean;
  email: string;
  choice: TPendingCheckout;
  onClose: () => void;
}) {
  const [state, setState] = useState<{ sending: boolean; note: string | null; failed: boolean }>({
    sending: false,
    note: null,
    failed: false,
  });
  const resend = async () => {
    setState({ sending: true, note: null, failed: false });
    try {
      const answer = await api.identity.resendVerification();
      setState({ sending: false, note: answer.message, failed: false });
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : VerifyDialogTexts.failed;
      setState({ sending: false, note: message, failed: true });
    }
  };
  return (
    <Dialog open={open} onOpenChange={(_event, data) => (data.open ? undefined : onClose())}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>
            {choice.kind === 'licence' ? VerifyDialogTexts.titleLicence : VerifyDialogTexts.titlePlan}
          </DialogTitle>
          <DialogContent>
            <p>{VerifyDialogTexts.body(email)}</p>
            <p>{VerifyDialogTexts.remembered(pendingCheckoutLabel(choice))}</p>
            {state.note ? (
              <MessageBar
                intent={state.failed ? 'error' : 'success'}
                role={state.failed ? 'alert' : 'status'}
              >
                <MessageBarBody>{state.note}</MessageBarBody>
              </MessageBar>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" disabled={state.sending} onClick={() => void resend()}>
              {state.sending ? VerifyDialogTexts.sending : VerifyDialogTexts.resend}
            </Button>
            <Button onClick={onClose}>{VerifyDialogTexts.close}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
