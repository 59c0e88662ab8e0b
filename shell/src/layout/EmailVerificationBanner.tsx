import { useState } from 'react';
import { MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { api } from '@dealflow/contracts/client';
import { useAuth, Button } from '@dealflow/web-kit';

export const BannerTexts = {
  title: 'Please verify your email address.',
  body: (email: string) =>
    `We sent a link to ${email}. Until you follow it you cannot invite members or buy.`,
  resend: 'Resend email',
  sending: 'Sending...',
  failed: 'The email could not be sent. Please try again later.',
} as const;

/**
 * On every signed-in screen while the account's address is unverified (issue 15): what is held back, and
 * "Resend" (rate-limited by identity: its 429 message is shown as it comes). Gone once `/me` says verified.
 */
export function EmailVerificationBanner() {
  const { user } = useAuth();
  const [state, setState] = useState<{ sending: boolean; note: string | null; failed: boolean }>({
    sending: false,
    note: null,
    failed: false,
  });
  if (!user || user.emailVerified) return null;

  const resend = async () => {
    setState({ sending: true, note: null, failed: false });
    try {
      const answer = await api.identity.resendVerification();
      setState({ sending: false, note: answer.message, failed: false });
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : BannerTexts.failed;
      setState({ sending: false, note: message, failed: true });
    }
  };

  return (
    <MessageBar
      intent="warning"
      layout="multiline"
      data-testid="email-verification-banner"
      style={{ marginBottom: 16 }}
    >
      <MessageBarBody>
        <MessageBarTitle>{BannerTexts.title}</MessageBarTitle> {BannerTexts.body(user.email)}
        {state.note ? (
          <span role={state.failed ? 'alert' : 'status'} style={{ display: 'block', marginTop: 4 }}>
            {state.note}
          </span>
        ) : null}
      </MessageBarBody>
      <MessageBarActions>
        <Button appearance="primary" size="small" disabled={state.sending} onClick={() => void resend()}>
          {state.sending ? BannerTexts.sending : BannerTexts.resend}
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}
