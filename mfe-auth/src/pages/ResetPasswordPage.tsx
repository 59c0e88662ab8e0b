import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Field, Input, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { ApiError, toast, Button } from '@dealflow/web-kit';
import { api } from '@dealflow/contracts/client';
import { AuthCard, useFormStyles } from '../components/AuthCard.js';
import { getServerMessage, sleep } from '../lib/errors.js';
import { ZResetPasswordForm, type TResetPasswordForm } from '../lib/forms.js';

export const ResetMessages = {
  noToken: 'Invalid reset link. No token provided.',
  notFound: 'This reset link is invalid or has already been used.',
  expired: 'This reset link has expired. Please request a new one.',
  failed: 'An error occurred while resetting your password.',
} as const;
export const RESET_REDIRECT_MS = 2000;

/** /reset-password?token: choose a new password with the emailed single-use token. */
export default function ResetPasswordPage() {
  const styles = useFormStyles();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const [linkProblem, setLinkProblem] = useState<string | null>(token ? null : ResetMessages.noToken);
  const [done, setDone] = useState<'signed-in' | 'signed-out' | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TResetPasswordForm>({
    resolver: zodResolver(ZResetPasswordForm),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      // A missing token goes out as null, as it always has: the server refuses it with its message.
      const answer = await api.identity.resetPassword({ token: token as string, password });
      // Identity kept this browser's session (the account's, now verified): straight to the dashboard.
      const signedIn = answer.signedIn === true;
      setDone(signedIn ? 'signed-in' : 'signed-out');
      toast({
        title: 'Password updated',
        description: signedIn ? 'You are signed in.' : 'You can now sign in with your new password.',
        variant: 'success',
      });
      await sleep(RESET_REDIRECT_MS);
      // A full load: the shell reads the session (now verified) afresh, as after accepting an invitation.
      if (signedIn) window.location.assign('/dashboard');
      else navigate('/login');
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) setLinkProblem(ResetMessages.notFound);
      else if (error instanceof ApiError && error.status === 410) setLinkProblem(ResetMessages.expired);
      else
        toast({
          title: 'Reset failed',
          description: getServerMessage(error) ?? ResetMessages.failed,
          variant: 'error',
        });
    }
  });

  if (linkProblem) {
    return (
      <AuthCard title="Invalid Reset Link" description={linkProblem}>
        <div className={styles.row}>
          <Button appearance="primary" onClick={() => navigate('/forgot-password')}>
            Request a new link
          </Button>
          <Button onClick={() => navigate('/login')}>Go to Login</Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password">
      {done ? (
        <MessageBar intent="success" role="status">
          <MessageBarBody>
            {done === 'signed-in'
              ? 'Your password has been reset. Taking you to your dashboard...'
              : 'Your password has been reset. Taking you to the login page...'}
          </MessageBarBody>
        </MessageBar>
      ) : (
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <Field label="New password" required validationMessage={errors.password?.message}>
            <Input {...register('password')} type="password" autoComplete="new-password" />
          </Field>
          <Field label="Confirm new password" required validationMessage={errors.confirmPassword?.message}>
            <Input {...register('confirmPassword')} type="password" autoComplete="new-password" />
          </Field>
          <Button type="submit" appearance="primary" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Reset password'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
