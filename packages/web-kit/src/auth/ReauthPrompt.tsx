import { useCallback, useRef, useState, type FormEvent, type ReactElement } from 'react';
import { useMutation } from '@tanstack/react-query';
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
import { apiLinks } from '@dealflow/contracts/client';
import { api } from '../api/client.js';
import { ApiError } from '../api/request.js';

/** The services' answer (403, the kit's KitError REAUTH_REQUIRED) when an action needs a recent password check. */
export const REAUTH_REQUIRED_MESSAGE = 'Enter your password again to continue';

/** Identity's answer (400) when the account has no password to enter: a Google-only account signs in again. */
export const REAUTH_NO_PASSWORD_MESSAGE =
  'Your account has no password: sign out and sign in again with Google to continue.';

const isNoPassword = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 400 && error.message === REAUTH_NO_PASSWORD_MESSAGE;

/** Google sign-in (identity's start route), coming back to this page once signed in again. */
const signInAgainWithGoogle = () => {
  const returnTo = `${window.location.pathname}${window.location.search}`;
  window.location.assign(`${apiLinks.googleSignIn}?${new URLSearchParams({ returnTo }).toString()}`);
};

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
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const pending = useRef<TPending | null>(null);
  const confirm = useMutation({
    mutationFn: (value: string) => api.identity.reauthenticate({ password: value }),
    onSuccess: () => {
      setOpen(false);
      setPassword('');
      pending.current?.resolve();
      pending.current = null;
    },
  });
  const { reset } = confirm;

  const withReauthentication = useCallback(
    async <T,>(action: () => Promise<T>): Promise<T> => {
      try {
        return await action();
      } catch (error) {
        if (!isReauthRequired(error)) throw error;
        await new Promise<void>((resolve, reject) => {
          pending.current?.reject(pending.current.refusal);
          pending.current = { resolve, reject, refusal: error };
          reset();
          setPassword('');
          setOpen(true);
        });
        return action();
      }
    },
    [reset],
  );

  const cancel = () => {
    if (confirm.isPending) return;
    setOpen(false);
    setPassword('');
    pending.current?.reject(pending.current.refusal);
    pending.current = null;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A prompt nested in another dialog's form must not submit that form too (React events bubble by tree).
    event.stopPropagation();
    if (password) confirm.mutate(password);
  };

  const prompt = (
    <Dialog open={open} onOpenChange={(_, data) => (data.open ? undefined : cancel())}>
      <DialogSurface aria-describedby="reauth-description">
        <form onSubmit={submit} noValidate>
          <DialogBody>
            <DialogTitle>Confirm it is you</DialogTitle>
            <DialogContent>
              <p id="reauth-description">
                {REAUTH_REQUIRED_MESSAGE}. You will not be asked again for the next 10 minutes.
              </p>
              <Field label="Password" required>
                <Input
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(_, data) => setPassword(data.value)}
                  autoFocus
                />
              </Field>
              {confirm.error && isNoPassword(confirm.error) ? (
                <MessageBar intent="info" role="status">
                  <MessageBarBody>
                    Your account signs in with Google: sign in again with Google to continue (you will come
                    back to this page).{' '}
                    <Button appearance="primary" size="small" onClick={signInAgainWithGoogle}>
                      Sign in again with Google
                    </Button>
                  </MessageBarBody>
                </MessageBar>
              ) : confirm.error ? (
                <MessageBar intent="error" role="alert">
                  <MessageBarBody>
                    {confirm.error instanceof Error ? confirm.error.message : 'Please try again.'}
                  </MessageBarBody>
                </MessageBar>
              ) : null}
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={cancel} disabled={confirm.isPending}>
                Cancel
              </Button>
              <Button type="submit" appearance="primary" disabled={confirm.isPending || !password}>
                {confirm.isPending ? 'Checking...' : 'Continue'}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );

  return { withReauthentication, prompt };
}
