import { lazy, Suspense, useCallback, useRef, useState, type ReactElement } from 'react';
import { ApiError } from '../api/request.js';
import { REAUTH_REQUIRED_MESSAGE } from './reauth-texts.js';

export { REAUTH_NO_PASSWORD_MESSAGE, REAUTH_REQUIRED_MESSAGE } from './reauth-texts.js';

/** The dialog (Fluent Dialog, Field, Input, a react-query mutation) loads when a prompt first opens. */
const ReauthDialog = lazy(() => import('./ReauthDialog.js'));

/** The action was refused until the session re-authenticates (issue 20). */
export const isReauthRequired = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 403 && error.message === REAUTH_REQUIRED_MESSAGE;

interface TPending {
  resolve: () => void;
  reject: (reason: unknown) => void;
  /** The refusal that opened the prompt: what the action answers when the prompt is cancelled. */
  refusal: unknown;
}

export interface TReauthentication {
  /**
   * Runs `action`; when it answers 403 "Enter your password again to continue", opens the password prompt,
   * re-authenticates (POST /api/auth/reauthenticate through the typed client) and runs `action` once more.
   * Cancelling the prompt rejects with the original refusal. Use it inside a react-query `mutationFn`.
   */
  withReauthentication<T>(action: () => Promise<T>): Promise<T>;
  /** The prompt itself: render it once in the component that calls withReauthentication. */
  prompt: ReactElement;
}

/**
 * The shared re-authentication prompt (two-factor enrolment, API-key creation, the webhook-secret reveal...):
 * `const { withReauthentication, prompt } = useReauthentication();` then
 * `useMutation({ mutationFn: () => withReauthentication(() => api.x.y(...)) })` and `{prompt}` in the JSX.
 */
export function useReauthentication(): TReauthentication {
  // Counts the prompts opened: each opening mounts a fresh dialog (empty password, no old error).
  const [opened, setOpened] = useState(0);
  const [open, setOpen] = useState(false);
  const pending = useRef<TPending | null>(null);

  const withReauthentication = useCallback(async <T,>(action: () => Promise<T>): Promise<T> => {
    try {
      return await action();
    } catch (error) {
      if (!isReauthRequired(error)) throw error;
      await new Promise<void>((resolve, reject) => {
        pending.current?.reject(pending.current.refusal);
        pending.current = { resolve, reject, refusal: error };
        setOpened((count) => count + 1);
        setOpen(true);
      });
      return action();
    }
  }, []);

  const settle = (confirmed: boolean) => {
    setOpen(false);
    if (confirmed) pending.current?.resolve();
    else pending.current?.reject(pending.current.refusal);
    pending.current = null;
  };

  const prompt = (
    <Suspense fallback={null}>
      {open ? (
        <ReauthDialog key={opened} onConfirmed={() => settle(true)} onCancel={() => settle(false)} />
      ) : null}
    </Suspense>
  );

  return { withReauthentication, prompt };
}
