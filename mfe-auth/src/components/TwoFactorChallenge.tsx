import { useState, type FormEvent } from 'react';
import { Field, Input, Link } from '@fluentui/react-components';
import { api } from '@dealflow/contracts/client';
import { Button, toast, useAuth } from '@dealflow/web-kit';
import { useFormStyles } from './AuthCard.js';
import { InlineAlert } from './InlineAlert.js';
import { getServerMessage } from '../lib/errors.js';

/** Answers after which the challenge is gone: only a new sign-in helps. */
const isChallengeOver = (message: string) => /expired|sign in again/i.test(message);

/**
 * The second step of a sign-in (after the password or Google): a code from the authenticator app, or a
 * recovery code. The challenge is the HttpOnly cookie the first step set; the session cookie comes with
 * the right code. Loaded only when asked for, so /login's first load does not carry it.
 */
export default function TwoFactorChallenge({
  onRestart,
  redirect = (path: string) => window.location.assign(path),
}: {
  onRestart: () => void;
  redirect?: (path: string) => void;
}) {
  const styles = useFormStyles();
  const { setSession } = useAuth();
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const entered = value.trim();
    const valid = useRecovery ? entered.replace(/[\s-]/g, '').length === 10 : /^\d{3}\s?\d{3}$/.test(entered);
    if (!valid) {
      setError(
        useRecovery
          ? 'Enter one of your recovery codes (10 letters and digits).'
          : 'Enter the 6-digit code from your authenticator app.',
      );
      return;
    }
    setError(null);
    setFailure(null);
    setBusy(true);
    try {
      const session = await api.identity.verifyTwoFactor(
        useRecovery ? { recoveryCode: entered } : { code: entered.replace(/\s/g, '') },
      );
      setSession(session);
      toast({
        title: 'Login successful',
        description: `Welcome back, ${session.user.name}!`,
        variant: 'success',
      });
      redirect('/dashboard');
    } catch (caught) {
      setFailure(getServerMessage(caught) ?? 'The code could not be checked. Please try again.');
      setBusy(false);
    }
  };

  return (
    <>
      {failure ? (
        <InlineAlert>
          {failure}
          {isChallengeOver(failure) ? (
            <>
              {' '}
              <Link as="button" type="button" onClick={onRestart}>
                Back to sign in
              </Link>
            </>
          ) : null}
        </InlineAlert>
      ) : null}
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <Field
          label={useRecovery ? 'Recovery code' : 'Authentication code'}
          hint={
            useRecovery
              ? 'One of the codes you saved when you set up two-factor sign-in. Each works once.'
              : 'The 6-digit code your authenticator app shows for DealFlow.'
          }
          required
          validationMessage={error ?? undefined}
        >
          <Input
            value={value}
            onChange={(_, data) => setValue(data.value)}
            autoComplete="one-time-code"
            inputMode={useRecovery ? 'text' : 'numeric'}
            autoFocus
          />
        </Field>
        <Button type="submit" appearance="primary" disabled={busy}>
          {busy ? 'Verifying...' : 'Verify'}
        </Button>
      </form>
      <div className={styles.between}>
        <Link
          as="button"
          type="button"
          onClick={() => {
            setUseRecovery(!useRecovery);
            setValue('');
            setError(null);
          }}
        >
          {useRecovery ? 'Use a code from your app' : 'Use a recovery code'}
        </Link>
        <Link as="button" type="button" onClick={onRestart}>
          Back to sign in
        </Link>
      </div>
    </>
  );
}
