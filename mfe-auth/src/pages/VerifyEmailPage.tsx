import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { ApiError, useAuth, Button } from '@dealflow/web-kit';
import {
  clearPendingCheckout,
  pendingCheckoutLabel,
  readPendingCheckout,
  type TPendingCheckout,
} from '@dealflow/web-kit/pending-checkout';
import { api } from '@dealflow/contracts/client';
import { AuthCard, useFormStyles } from '../components/AuthCard.js';
import { getServerMessage } from '../lib/errors.js';

export const VerifyTexts = {
  checking: 'Checking your link...',
  verifiedTitle: 'Email verified',
  changedTitle: 'Email address changed',
  problemTitle: 'This link does not work',
  noToken: 'This link has no token. Open the link from the email again.',
  notFound:
    'This link is invalid or has already been used. If your address is not verified yet, send a new link from the banner or from Settings.',
  expired: 'This link has expired. Send a new one from the banner or from Settings.',
  taken: 'Another account already uses this address. Your email has not been changed.',
  failed: 'We could not check this link. Please try again.',
  continueTitle: 'Pick up where you left off',
  continueText: (choice: string) => `You chose ${choice} before verifying.`,
  continueButton: 'Continue to checkout',
  continuing: 'Starting checkout...',
  continueFailed: 'We could not start the checkout. Please try again, or choose a plan from Billing.',
} as const;

/**
 * After a verification, the checkout the user asked for before verifying (issue 15): one click starts it, as
 * the button they pressed would have. Shown only to the signed-in user whose address is now verified.
 */
function ContinueToCheckout({ choice }: { choice: TPendingCheckout }) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const start = async () => {
    setState({ busy: true, error: null });
    try {
      const answer =
        choice.kind === 'plan'
          ? await api.billing.checkout({ plan: choice.plan, billingCycle: choice.billingCycle })
          : await api.billing.checkout();
      if (!answer?.url) throw new Error(VerifyTexts.continueFailed);
      clearPendingCheckout();
      window.location.assign(answer.url);
    } catch (error) {
      setState({ busy: false, error: getServerMessage(error) ?? VerifyTexts.continueFailed });
    }
  };
  return (
    <section
      aria-labelledby="continue-checkout-title"
      style={{ display: 'flex', flexDirection: 'column', gap: 8, alignItems: 'flex-start' }}
    >
      <h2 id="continue-checkout-title" style={{ fontSize: '1rem', margin: 0 }}>
        {VerifyTexts.continueTitle}
      </h2>
      <p>{VerifyTexts.continueText(pendingCheckoutLabel(choice))}</p>
      {state.error ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{state.error}</MessageBarBody>
        </MessageBar>
      ) : null}
      <Button appearance="primary" disabled={state.busy} onClick={() => void start()}>
        {state.busy ? VerifyTexts.continuing : VerifyTexts.continueButton}
      </Button>
    </section>
  );
}

type TState =
  | { kind: 'checking' }
  | { kind: 'done'; outcome: 'verified' | 'changed'; message: string }
  | { kind: 'problem'; message: string };

/**
 * /verify-email?token: the link of a verification or an email change email (svc-identity). Posts the token
 * once, says what happened, and refreshes the signed-in user so the banner and Settings follow at once.
 * Works signed out too (the link is the proof).
 */
export default function VerifyEmailPage() {
  const styles = useFormStyles();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const { status, refresh, user } = useAuth();
  // Read once: the choice remembered by the "Verify your email" dialog, if any.
  const [pending] = useState(readPendingCheckout);
  const [state, setState] = useState<TState>(
    token ? { kind: 'checking' } : { kind: 'problem', message: VerifyTexts.noToken },
  );
  // The link is single use: one request, even when React runs the effect twice.
  const sent = useRef(false);

  useEffect(() => {
    // After the first read of the session has settled, so the refresh below reads afresh instead of joining it.
    if (!token || sent.current || status === 'loading') return;
    sent.current = true;
    api.identity
      .confirmEmail({ token })
      .then(async (answer) => {
        setState({ kind: 'done', outcome: answer.outcome, message: answer.message });
        await refresh().catch(() => undefined);
      })
      .catch((error: unknown) => {
        const status = error instanceof ApiError ? error.status : 0;
        const message =
          status === 404
            ? VerifyTexts.notFound
            : status === 410
              ? VerifyTexts.expired
              : status === 409
                ? VerifyTexts.taken
                : (getServerMessage(error) ?? VerifyTexts.failed);
        setState({ kind: 'problem', message });
      });
  }, [token, refresh, status]);

  const signedIn = status === 'authenticated';
  const next = (
    <div className={styles.row}>
      <Button appearance="primary" onClick={() => navigate(signedIn ? '/dashboard' : '/login')}>
        {signedIn ? 'Go to Dashboard' : 'Go to Login'}
      </Button>
      {signedIn ? <Button onClick={() => navigate('/settings')}>Open Settings</Button> : null}
    </div>
  );

  if (state.kind === 'checking')
    return (
      <AuthCard title="Verifying your email">
        <Spinner label={VerifyTexts.checking} />
      </AuthCard>
    );
  if (state.kind === 'problem')
    return (
      <AuthCard title={VerifyTexts.problemTitle}>
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{state.message}</MessageBarBody>
        </MessageBar>
        {next}
      </AuthCard>
    );
  return (
    <AuthCard title={state.outcome === 'changed' ? VerifyTexts.changedTitle : VerifyTexts.verifiedTitle}>
      <MessageBar intent="success" role="status">
        <MessageBarBody>{state.message}</MessageBarBody>
      </MessageBar>
      {pending && state.outcome === 'verified' && user?.emailVerified ? (
        <ContinueToCheckout choice={pending} />
      ) : null}
      {next}
    </AuthCard>
  );
}
