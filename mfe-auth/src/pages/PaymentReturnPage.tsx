import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Spinner } from '@fluentui/react-components';
import { toast, useAuth } from '@dealflow/web-kit';
import { api } from '@dealflow/contracts/client';
import { AuthCard, useFormStyles } from '../components/AuthCard.js';
import { sleep } from '../lib/errors.js';
import {
  ACCESS_CHECKS,
  ACCESS_CHECK_INTERVAL_MS,
  dashboardAfterPurchase,
  FAILURE_REDIRECT_MS,
  SUCCESS_REDIRECT_MS,
  findCheckoutSessionId,
  isPaymentReturnIgnoredPath,
  postAutoLogin,
  runAutoLogin,
} from '../lib/payment-return.js';

type TPhase = 'processing' | 'logging-in' | 'done' | 'failed';

const failAfter = async (title: string, description: string) => {
  toast({ title, description, variant: 'error' });
  await sleep(FAILURE_REDIRECT_MS);
  window.location.assign('/login');
};

/**
 * The payment-return screen: back from checkout with a session id, sign the buyer in automatically
 * (5 attempts, 0/1/2/4/8 s, alternating /api/stripe/auto-login and /api/billing/auto-login).
 */
export default function PaymentReturnPage() {
  const styles = useFormStyles();
  const location = useLocation();
  const navigate = useNavigate();
  const { setSession, checkSession } = useAuth();
  const isIgnored = isPaymentReturnIgnoredPath(location.pathname);
  const sessionId = useMemo(
    () => findCheckoutSessionId(`${location.pathname}${location.search}`),
    [location.pathname, location.search],
  );
  const [phase, setPhase] = useState<TPhase>('processing');
  const started = useRef(false);

  useEffect(() => {
    if (isIgnored || started.current) return;
    started.current = true;
    if (!sessionId) {
      navigate('/dashboard', { replace: true });
      return;
    }
    const run = async () => {
      setPhase('logging-in');
      const outcome = await runAutoLogin(sessionId, { post: postAutoLogin });
      if (!outcome.ok) {
        setPhase('failed');
        if (outcome.lastFailure === 'refused') {
          await failAfter(
            'Login Failed',
            `We couldn't log you in automatically: ${outcome.lastMessage ?? outcome.message}. Please log in manually.`,
          );
        } else {
          await failAfter(
            'Login Error',
            `Error during auto-login: ${outcome.message}. Please log in manually.`,
          );
        }
        return;
      }
      const { answer } = outcome;
      // Adopt the new session (cookie set by the server; the token also comes back as sessionId).
      if (answer.sessionId) {
        const session = await api.identity
          .me({ cache: 'no-store', headers: { Authorization: `Bearer ${answer.sessionId}` } })
          .catch(() => null);
        if (session) setSession(session);
      } else {
        await checkSession();
      }
      // A completed one-time purchase grants digitalProductAccess by an event: have the server re-read it
      // until it is there (or a few seconds passed), so the dashboard opens with the guide unlocked.
      for (let check = 1; answer.purchase === 'template' && check <= ACCESS_CHECKS; check += 1) {
        const access = await api.identity.updateAccess({ digitalProductAccess: true }).catch(() => null);
        if ((access as { success?: boolean } | null)?.success) break;
        await sleep(ACCESS_CHECK_INTERVAL_MS);
      }
      // A subscription reaches the organization by an event too: wait (briefly) until the plan shows, so the
      // dashboard opens with it active.
      for (let check = 1; answer.purchase === 'subscription' && check <= ACCESS_CHECKS; check += 1) {
        const session = await api.identity.me({ cache: 'no-store' }).catch(() => null);
        if (session?.organization && session.organization.plan !== 'free') break;
        await sleep(ACCESS_CHECK_INTERVAL_MS);
      }
      setPhase('done');
      toast({
        title: 'Welcome to your dashboard!',
        description: answer.message || undefined,
        variant: 'success',
      });
      await sleep(SUCCESS_REDIRECT_MS);
      window.location.assign(dashboardAfterPurchase(answer));
    };
    run().catch(async () => {
      setPhase('failed');
      await failAfter(
        'Error',
        'Something went wrong while processing your payment redirect. Please log in manually.',
      );
    });
  }, [isIgnored, sessionId, navigate, setSession, checkSession]);

  if (isIgnored) return null;
  return (
    <AuthCard title="Processing Your Payment" description="Thank you! We are confirming your payment.">
      <div className={styles.center}>
        <Spinner
          label={
            phase === 'logging-in'
              ? 'Logging You In...'
              : phase === 'done'
                ? 'Success! Redirecting...'
                : phase === 'failed'
                  ? 'Redirecting to login...'
                  : 'Processing...'
          }
        />
      </div>
    </AuthCard>
  );
}
