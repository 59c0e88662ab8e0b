import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Spinner } from '@fluentui/react-components';
import type { TSession } from '@dealflow/contracts';
import { toast, useAuth, Button } from '@dealflow/web-kit';
import { api } from '@dealflow/contracts/client';
import { AuthCard, useFormStyles } from '../components/AuthCard.js';
import { sleep } from '../lib/errors.js';

/** Seed 000 sections 4 and 9: one retry after 2 s, redirects 500 ms / 3 s. */
export const CALLBACK_VERIFY_RETRY_MS = 2000;
export const CALLBACK_SUCCESS_REDIRECT_MS = 500;
export const CALLBACK_FAILURE_REDIRECT_MS = 3000;

class CallbackDataError extends Error {}

export const CALLBACK_NO_SESSION_MESSAGE = 'We could not confirm your sign-in. Please try again.';

/**
 * svc-identity ends Google sign-in by setting the HttpOnly session cookie and sending the browser here with
 * nothing in the URL (seed 000 had the session as `?data=`; it would sit in history and logs). Who signed in
 * comes from GET /api/auth/me with that cookie.
 */
async function loadSession(): Promise<TSession | null> {
  try {
    const me = await api.identity.me({ cache: 'no-store' });
    return me?.user ? me : null;
  } catch {
    return null;
  }
}

type TState = { kind: 'working'; text: string } | { kind: 'failed'; message: string };

/** /auth/google/callback: adopt the session svc-identity handed over after Google sign-in. */
export default function GoogleCallbackPage() {
  const styles = useFormStyles();
  const [searchParams] = useSearchParams();
  const { setSession, refresh } = useAuth();
  const [state, setState] = useState<TState>({ kind: 'working', text: 'Completing sign-in...' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const run = async () => {
      let session: TSession | null = null;
      try {
        // svc-identity reports a refused or failed Google sign-in as ?error=<message>.
        const providerError = searchParams.get('error');
        if (providerError) throw new CallbackDataError(providerError);
        setState({ kind: 'working', text: 'Verifying your session...' });
        session = await loadSession();
        if (!session) {
          // One retry, as the seed's verification did.
          await sleep(CALLBACK_VERIFY_RETRY_MS);
          session = await loadSession();
        }
        if (!session) throw new CallbackDataError(CALLBACK_NO_SESSION_MESSAGE);
      } catch (error) {
        const message = error instanceof Error ? error.message : CALLBACK_NO_SESSION_MESSAGE;
        setState({ kind: 'failed', message });
        toast({ title: 'Authentication Failed', description: message, variant: 'error' });
        await sleep(CALLBACK_FAILURE_REDIRECT_MS);
        window.location.assign('/login');
        return;
      }
      setSession(session);
      void refresh(); // the current-user query (seed 000 section 4)
      setState({ kind: 'working', text: 'Signed in. Redirecting...' });
      await sleep(CALLBACK_SUCCESS_REDIRECT_MS);
      const hasOrganization = Boolean(session.user.organizationId && session.organization);
      // Back to the page whose re-authentication prompt sent the user to Google (a path of this site only).
      const returnTo = searchParams.get('returnTo');
      const back = returnTo && /^\/(?![/\\])[^\\\s]*$/.test(returnTo) ? returnTo : null;
      window.location.assign(hasOrganization ? (back ?? '/dashboard') : '/organization-setup');
    };
    void run();
  }, [searchParams, setSession, refresh]);

  if (state.kind === 'failed') {
    return (
      <AuthCard title="Authentication Error" description={state.message}>
        <p className={styles.muted}>Returning to the login page...</p>
        <Button appearance="primary" onClick={() => window.location.assign('/login')}>
          Go to Login
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Signing you in">
      <div className={styles.center}>
        <Spinner label={state.text} />
      </div>
    </AuthCard>
  );
}
