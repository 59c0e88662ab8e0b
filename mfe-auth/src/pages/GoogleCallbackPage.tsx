import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Spinner } from '@fluentui/react-components';
import type { TSession } from '@dealflow/contracts';
import { toast, useAuth, Button } from '@dealflow/web-kit';
import { api } from '@dealflow/contracts/client';
import { AuthCard, useFormStyles } from '../components/AuthCard.js';
import { sleep } from '../lib/errors.js';

/** Seed 000 sections 4 and 9: verification after 1 s, one retry after 2 s, redirects 500 ms / 3 s. */
export const CALLBACK_VERIFY_DELAY_MS = 1000;
export const CALLBACK_VERIFY_RETRY_MS = 2000;
export const CALLBACK_SUCCESS_REDIRECT_MS = 500;
export const CALLBACK_FAILURE_REDIRECT_MS = 3000;

class CallbackDataError extends Error {}

/** The `data` parameter: URL-encoded JSON with user, organization and sessionId. */
export function parseCallbackData(raw: string | null): TSession {
  if (!raw) throw new CallbackDataError('No authentication data received');
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    try {
      value = JSON.parse(decodeURIComponent(raw));
    } catch {
      throw new CallbackDataError('Invalid authentication data format');
    }
  }
  if (!value || typeof value !== 'object') throw new CallbackDataError('Invalid authentication data format');
  const data = value as Partial<TSession>;
  if (!data.user || typeof data.user !== 'object') {
    throw new CallbackDataError('Invalid authentication data: missing user object');
  }
  if (typeof data.sessionId !== 'string' || !data.sessionId) {
    throw new CallbackDataError('Invalid authentication data format');
  }
  return { user: data.user, organization: data.organization ?? null, sessionId: data.sessionId };
}

async function verifySession(session: TSession): Promise<boolean> {
  try {
    const me = await api.identity.me({
      cache: 'no-store',
      headers: { Authorization: `Bearer ${session.sessionId}`, 'X-User-ID': String(session.user.id) },
    });
    return Boolean(me?.user);
  } catch {
    return false;
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
      let session: TSession;
      try {
        // svc-identity reports a refused or failed Google sign-in as ?error=<message>.
        const providerError = searchParams.get('error');
        if (providerError) throw new CallbackDataError(providerError);
        session = parseCallbackData(searchParams.get('data'));
      } catch (error) {
        const message = error instanceof Error ? error.message : 'Invalid authentication data format';
        setState({ kind: 'failed', message });
        toast({ title: 'Authentication Failed', description: message, variant: 'error' });
        await sleep(CALLBACK_FAILURE_REDIRECT_MS);
        window.location.assign('/login');
        return;
      }
      setSession(session);
      void refresh(); // the current-user query (seed 000 section 4)
      setState({ kind: 'working', text: 'Verifying your session...' });
      await sleep(CALLBACK_VERIFY_DELAY_MS);
      let verified = await verifySession(session);
      if (!verified) {
        await sleep(CALLBACK_VERIFY_RETRY_MS);
        verified = await verifySession(session);
      }
      if (!verified) {
        // The seed continues regardless: a warning, not a failure.
        toast({
          title: 'Session Verification Issue',
          description:
            'We could not confirm your session yet. If pages ask you to sign in, please log in again.',
        });
      }
      setState({ kind: 'working', text: 'Signed in. Redirecting...' });
      await sleep(CALLBACK_SUCCESS_REDIRECT_MS);
      const hasOrganization = Boolean(session.user.organizationId && session.organization);
      window.location.assign(hasOrganization ? '/dashboard' : '/organization-setup');
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
