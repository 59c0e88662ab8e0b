import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSearchParams } from 'react-router-dom';
import { Field, Input, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { toast, useAuth, Button } from '@dealflow/web-kit';
import { api } from '@dealflow/contracts/client';
import { AuthCard, useFormStyles } from '../components/AuthCard.js';
import { InvalidInvitation, LoadingCard } from '../components/InvalidInvitation.js';
import { getServerMessage, sleep } from '../lib/errors.js';
import { ZCompleteProfileForm, type TCompleteProfileForm } from '../lib/forms.js';
import { INVITATION_REDIRECT_MS, roleLabel, useInvitation } from '../lib/invitation.js';

/** /auth/complete-profile?token: an invited person creates the account and joins the organization. */
export default function CompleteProfilePage() {
  const styles = useFormStyles();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const [state, setState] = useInvitation(token);
  const { setSession } = useAuth();
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<TCompleteProfileForm>({
    resolver: zodResolver(ZCompleteProfileForm),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { name: '', password: '', confirmPassword: '' },
  });
  // Fluent's Input keeps its own value state: pass the form's value, or a reset() would not show in the field.
  const name = useWatch({ control, name: 'name' });
  const invitedName = state.status === 'valid' ? state.invitation.name : null;
  useEffect(() => {
    if (invitedName) reset({ name: invitedName, password: '', confirmPassword: '' });
  }, [invitedName, reset]);

  if (state.status === 'loading') return <LoadingCard label="Checking your invitation" />;
  if (!('invitation' in state)) return <InvalidInvitation message={state.message} />;
  const { invitation } = state;
  if (state.status === 'success') {
    return (
      <AuthCard
        title="Welcome aboard!"
        description={`Your account is ready and you have joined ${invitation.organizationName}.`}
      >
        <p className={styles.muted}>Taking you to your dashboard...</p>
      </AuthCard>
    );
  }

  const onSubmit = handleSubmit(async ({ name, password }) => {
    try {
      const session = await api.identity.completeProfile({
        // A missing token goes out as null, as it always has: the server refuses it with its message.
        token: token as string,
        name,
        password,
      });
      if (session?.user) setSession(session);
      setState({ status: 'success', invitation });
      toast({
        title: 'Account created',
        description: `Welcome to ${invitation.organizationName}!`,
        variant: 'success',
      });
      await sleep(INVITATION_REDIRECT_MS);
      window.location.assign('/dashboard');
    } catch (error) {
      toast({
        title: 'Error',
        description: getServerMessage(error) ?? 'An error occurred while creating your account.',
        variant: 'error',
      });
    }
  });

  return (
    <AuthCard
      title="Complete your profile"
      description={`${invitation.inviterName} invited you to join ${invitation.organizationName} as ${roleLabel(invitation.role)}.`}
    >
      <MessageBar intent="info">
        <MessageBarBody>Your account will use {invitation.email}.</MessageBarBody>
      </MessageBar>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <Field label="Email">
          <Input value={invitation.email} readOnly type="email" />
        </Field>
        <Field label="Name" required validationMessage={errors.name?.message}>
          <Input {...register('name')} value={name} autoComplete="name" />
        </Field>
        <Field label="Password" required validationMessage={errors.password?.message}>
          <Input {...register('password')} type="password" autoComplete="new-password" />
        </Field>
        <Field label="Confirm password" required validationMessage={errors.confirmPassword?.message}>
          <Input {...register('confirmPassword')} type="password" autoComplete="new-password" />
        </Field>
        <Button type="submit" appearance="primary" disabled={isSubmitting}>
          {isSubmitting ? 'Creating account...' : 'Create Account'}
        </Button>
      </form>
    </AuthCard>
  );
}
