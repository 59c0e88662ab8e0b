import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import { Field, Input, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { toast, Button } from '@dealflow/web-kit';
import { api } from '@dealflow/contracts/client';
import { AuthCard, useFormStyles } from '../components/AuthCard.js';
import { getServerMessage } from '../lib/errors.js';
import { ZForgotPasswordForm, type TForgotPasswordForm } from '../lib/forms.js';

export const RESET_LINK_SENT =
  'If an account exists for that email, we have sent a link to reset your password. It expires in 1 hour.';

/** /forgot-password: ask for a reset link by email (the same answer whether or not the account exists). */
export default function ForgotPasswordPage() {
  const styles = useFormStyles();
  const navigate = useNavigate();
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TForgotPasswordForm>({
    resolver: zodResolver(ZForgotPasswordForm),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await api.identity.forgotPassword(values);
      setSent(true);
    } catch (error) {
      toast({
        title: 'Request failed',
        description: getServerMessage(error) ?? 'We could not send the reset link. Please try again later.',
        variant: 'error',
      });
    }
  });

  return (
    <AuthCard
      title="Reset your password"
      description="Enter your account's email and we will send you a reset link."
    >
      {sent ? (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{RESET_LINK_SENT}</MessageBarBody>
        </MessageBar>
      ) : (
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <Field label="Email" required validationMessage={errors.email?.message}>
            <Input {...register('email')} type="email" autoComplete="email" />
          </Field>
          <Button type="submit" appearance="primary" disabled={isSubmitting}>
            {isSubmitting ? 'Sending...' : 'Send reset link'}
          </Button>
        </form>
      )}
      <Button appearance="subtle" onClick={() => navigate('/login')}>
        Back to Login
      </Button>
    </AuthCard>
  );
}
