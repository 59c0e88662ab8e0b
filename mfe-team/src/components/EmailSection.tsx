import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Badge,
  Field,
  Input,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Spinner,
} from '@fluentui/react-components';
import { toast, useAuth, Button, useReauthentication } from '@dealflow/web-kit';
import { SettingsSection } from '@dealflow/web-kit/settings';
import { api } from '@dealflow/contracts/client';
import { useFormStyles } from './Section.js';
import { ZEmailChangeForm, type TEmailChangeForm } from '../lib/forms.js';
import { errorText } from '../lib/format.js';

export const EmailTexts = {
  title: 'Email address',
  description: 'The address you sign in with and where we write to you.',
  verified: 'Verified',
  notVerified: 'Not verified',
  notVerifiedHelp: 'Follow the link we sent to this address. Until then you cannot invite members or buy.',
  resend: 'Resend verification email',
  pending: (email: string, until: string) =>
    `We sent a link to ${email}. Your email changes when you follow it (before ${until}). Until then you keep signing in with your current address.`,
  cancel: 'Cancel change',
  change: 'Change email',
  requested: (email: string) => `Check ${email}: follow the link there to finish the change.`,
} as const;

const timeOf = (iso: string | null) =>
  iso ? new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' }) : '';

/**
 * Settings, Profile tab: the address, Verified / Not verified (with Resend), and a verified change: the new
 * address and the current password; a link goes to the new address and the email changes only when it is
 * followed (svc-identity). A pending change is shown with its deadline and can be cancelled.
 */
export function EmailSection() {
  const styles = useFormStyles();
  const queryClient = useQueryClient();
  const { refresh } = useAuth();
  const status = useQuery({ ...api.identity.getEmailStatus.queryOptions() });
  // Said next to the form, not only in a toast: the outcome of Resend, a change request or a refusal.
  const [notice, setNotice] = useState<{ intent: 'success' | 'error'; text: string } | null>(null);
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<TEmailChangeForm>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    resolver: zodResolver(ZEmailChangeForm),
    defaultValues: { newEmail: '', password: '' },
  });
  // Fluent's Input keeps its own value state: pass the form's value, or a reset() would not show in the field.
  const [newEmail, password] = useWatch({ control, name: ['newEmail', 'password'] });

  // The banner and the rest of the app read the user from the auth context: keep it in step.
  const verified = status.data?.verified;
  useEffect(() => {
    if (verified) void refresh().catch(() => undefined);
  }, [verified, refresh]);

  const setStatus = (next: Awaited<ReturnType<typeof api.identity.getEmailStatus>>) =>
    queryClient.setQueryData(api.identity.getEmailStatus.key(), next);

  const resend = useMutation({
    mutationFn: () => api.identity.resendVerification(),
    onSuccess: (answer) => setNotice({ intent: 'success', text: answer.message }),
    onError: (error) =>
      setNotice({
        intent: 'error',
        text: errorText(error, 'The email could not be sent. Please try again later.'),
      }),
  });

  const cancel = useMutation({
    mutationFn: () => api.identity.cancelEmailChange(),
    onSuccess: (next) => {
      setStatus(next);
      setNotice(null);
      toast({ title: 'Change cancelled', description: 'Your email stays as it is.', variant: 'success' });
    },
    onError: (error) =>
      toast({
        title: 'Could not cancel',
        description: errorText(error, 'There was an error cancelling the change.'),
        variant: 'error',
      }),
  });

  // The request carries the password, which is its re-authentication; should a service still ask for a
  // recent one, the shared prompt asks and the change is sent again.
  const { withReauthentication, prompt } = useReauthentication();
  const onSubmit = handleSubmit(async (values) => {
    try {
      const next = await withReauthentication(() => api.identity.requestEmailChange(values));
      setStatus(next);
      setNotice({ intent: 'success', text: EmailTexts.requested(next.pendingEmail ?? values.newEmail) });
      reset();
    } catch (error) {
      setNotice({ intent: 'error', text: errorText(error, 'There was an error changing your email.') });
    }
  });

  const data = status.data;
  return (
    <>
      {prompt}
      <SettingsSection
        title={EmailTexts.title}
        description={EmailTexts.description}
        actions={
          data ? (
            <Badge
              appearance="tint"
              color={data.verified ? 'success' : 'warning'}
              data-testid="email-verified-badge"
            >
              {data.verified ? EmailTexts.verified : EmailTexts.notVerified}
            </Badge>
          ) : null
        }
      >
        {status.isPending ? <Spinner size="small" label="Loading your email settings..." /> : null}
        {status.error ? (
          <p className={styles.muted} role="alert">
            Could not load your email settings: {status.error.message}
          </p>
        ) : null}
        {data ? (
          <>
            <p className={styles.muted}>
              Current email: <strong>{data.email}</strong>
            </p>
            {data.verified ? null : (
              <div className={styles.actions}>
                <span className={styles.muted}>{EmailTexts.notVerifiedHelp}</span>
                <Button size="small" disabled={resend.isPending} onClick={() => resend.mutate()}>
                  {resend.isPending ? 'Sending...' : EmailTexts.resend}
                </Button>
              </div>
            )}
            {notice ? (
              <MessageBar intent={notice.intent} role={notice.intent === 'error' ? 'alert' : 'status'}>
                <MessageBarBody>{notice.text}</MessageBarBody>
              </MessageBar>
            ) : null}
            {data.pendingEmail ? (
              <MessageBar intent="info" data-testid="pending-email-change">
                <MessageBarBody>
                  {EmailTexts.pending(data.pendingEmail, timeOf(data.pendingExpiresAt))}
                </MessageBarBody>
                <MessageBarActions>
                  <Button size="small" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
                    {EmailTexts.cancel}
                  </Button>
                </MessageBarActions>
              </MessageBar>
            ) : null}
            <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={EmailTexts.change}>
              <Field label="New email" required validationMessage={errors.newEmail?.message}>
                <Input {...register('newEmail')} value={newEmail} type="email" autoComplete="email" />
              </Field>
              <Field label="Current password" required validationMessage={errors.password?.message}>
                <Input
                  {...register('password')}
                  value={password}
                  type="password"
                  autoComplete="current-password"
                />
              </Field>
              <div className={styles.actions}>
                <Button type="submit" appearance="primary" disabled={isSubmitting}>
                  {isSubmitting ? 'Sending link...' : EmailTexts.change}
                </Button>
              </div>
            </form>
          </>
        ) : null}
      </SettingsSection>
    </>
  );
}
