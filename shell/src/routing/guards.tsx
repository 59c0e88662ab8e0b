import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { Spinner } from '@fluentui/react-components';
import { useAuth } from '@dealflow/web-kit';

/** Seed 000 section 4: at most 2 manual session checks before a full-page redirect to /login. */
export const PROTECTED_MAX_CHECKS = 2;
/** Seed 000 section 4: one check, then 100 ms before the redirect to /dashboard. */
export const PUBLIC_ONLY_REDIRECT_DELAY = 100;

export const fullPageRedirect = (path: string) => window.location.assign(path);

export function Waiting({ label }: { label: string }) {
  return (
    <div
      style={{ display: 'flex', minHeight: '50vh', alignItems: 'center', justifyContent: 'center' }}
      role="status"
    >
      <Spinner label={label} labelPosition="below" />
    </div>
  );
}

/** Renders its children for a signed-in user; otherwise checks the session up to twice, then /login. */
export function ProtectedRoute({
  children,
  redirect = fullPageRedirect,
}: {
  children: ReactNode;
  redirect?: (path: string) => void;
}) {
  const { status, checkSession } = useAuth();
  const [attempts, setAttempts] = useState(0);
  const running = useRef(false);

  useEffect(() => {
    if (status !== 'unauthenticated' || running.current) return;
    running.current = true;
    let cancelled = false;
    void (async () => {
      for (let i = 1; i <= PROTECTED_MAX_CHECKS; i++) {
        const session = await checkSession();
        if (cancelled) return;
        if (session) {
          running.current = false;
          return;
        }
        setAttempts(i);
      }
      redirect('/login');
    })();
    return () => {
      cancelled = true;
      running.current = false;
    };
  }, [status, checkSession, redirect]);

  if (status === 'authenticated') return <>{children}</>;
  return <Waiting label={attempts === 0 ? 'Verifying your access...' : 'Verifying authentication...'} />;
}

/** For /login and the like: a signed-in visitor goes to /dashboard; otherwise one manual check first. */
export function PublicOnlyRoute({ children }: { children: ReactNode }) {
  const { status, checkSession } = useAuth();
  const [phase, setPhase] = useState<'idle' | 'checking' | 'found' | 'public'>('idle');
  const started = useRef(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (status !== 'unauthenticated' || started.current) return;
    started.current = true;
    setPhase('checking');
    void checkSession().then((session) => {
      if (!mounted.current) return;
      if (!session) return setPhase('public');
      setTimeout(() => mounted.current && setPhase('found'), PUBLIC_ONLY_REDIRECT_DELAY);
    });
  }, [status, checkSession]);

  if (phase === 'found') return <Navigate to="/dashboard" replace />;
  if (phase === 'public') return <>{children}</>;
  // Signed in before any check began: straight to /dashboard. Once the check has begun, the session it finds
  // also makes `status` authenticated (possibly before `phase` says 'checking'): that must not skip the 100 ms.
  const checking = phase === 'checking' || started.current;
  if (!checking && status === 'authenticated') return <Navigate to="/dashboard" replace />;
  return <Waiting label={checking ? 'Verifying session...' : 'Loading...'} />;
}
