// The re-authentication dialog itself: Fluent's Dialog, Field, Input and MessageBar and a react-query mutation,
// loaded only when a prompt opens (ReauthPrompt.tsx), so that none of it weighs on web-kit's shared entry and
// every page's first load (issue 25: it had brought tabster, react-query and the dialog parts to /login).
import { useState, type FormEvent } from 'react';
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
import { REAUTH_NO_PASSWORD_MESSAGE, REAUTH_REQUIRED_MESSAGE } from './reauth-texts.js';

const isNoPassword = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 400 && error.message === REAUTH_NO_PASSWORD_MESSAGE;

/** Google sign-in (identity's start route), coming back to this page once signed in again. */
const signInAgainWithGoogle = () => {
  const returnTo = `${window.location.pathname}${window.location.search}`;
  window.location.assign(`${apiLinks.googleSignIn}?${new URLSearchParams({ returnTo }).toString()}`);
};

export interface TReauthDialogProps {
  /** The password was accepted (POST /api/auth/reauthenticate answered ok). */
  onConfirmed(): void;
  onCancel(): void;
}

/** Mounted while the prompt is open: its password and error start empty each time. */
export default function ReauthDialog({ onConfirmed, onCancel }: TReauthDialogProps) {
  const [password, setPassword] = useState('');
  const confirm = useMutation({
    mutationFn: (value: string) => api.identity.reauthenticate({ password: value }),
    onSuccess: onConfirmed,
  });
  const cancel = () => {
    if (!confirm.isPending) onCancel();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A prompt nested in another dialog's form must not submit that form too (React events bubble by tree).
    event.stopPropagation();
    if (password) confirm.mutate(password);
  };

  return (
    <Dialog open onOpenChange={(_, data) => (data.open ? undefined : cancel())}>
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
}
