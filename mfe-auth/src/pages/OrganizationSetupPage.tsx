import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Badge,
  Field,
  Input,
  Link,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Radio,
  RadioGroup,
} from '@fluentui/react-components';
import type { TBillingCycle, TPaidPlan, TSession } from '@dealflow/contracts';
import { Plans, TRIAL_DAYS } from '@dealflow/contracts/plans';
import { toast, useAuth, Button } from '@dealflow/web-kit';
import { pendingCheckoutLabel, rememberPendingCheckout } from '@dealflow/web-kit/pending-checkout';
import { api } from '@dealflow/contracts/client';
import { AuthCard, useFormStyles } from '../components/AuthCard.js';
import { getServerMessage, sleep } from '../lib/errors.js';
import { ZOrganizationSetupForm, type TOrganizationSetupForm } from '../lib/forms.js';

/** Seed 000 section 9: after a failed checkout start, /dashboard after 1 s. */
export const CHECKOUT_FAILURE_REDIRECT_MS = 1000;

type TUserAndOrganization = Pick<TSession, 'user'> & { organization: NonNullable<TSession['organization']> };

export function planPriceText(plan: TPaidPlan, cycle: TBillingCycle): string {
  const price = Plans[plan].pricePerSeat;
  if (cycle === 'monthly') return `$${price.monthly} per user / month`;
  return `$${price.annual} per user / year (${Math.round(price.annual / 12)} per month)`;
}

/** /organization-setup: create the organization, then start the 7-day trial through checkout. */
export default function OrganizationSetupPage() {
  const styles = useFormStyles();
  const { user, organization, isAuthenticated, isLoading, isOwner, setSession } = useAuth();
  const navigate = useNavigate();
  const [checkoutFailure, setCheckoutFailure] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<TOrganizationSetupForm>({
    resolver: zodResolver(ZOrganizationSetupForm),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { name: '', plan: 'pro', billingCycle: 'annual' },
  });
  // Fluent's Input keeps its own value state: pass the form's value, or a reset() would not show in the field.
  const [plan, billingCycle, name] = useWatch({ control, name: ['plan', 'billingCycle', 'name'] });
  const existingName = organization?.name;
  useEffect(() => {
    if (existingName) reset({ name: existingName, plan: 'pro', billingCycle: 'annual' });
  }, [existingName, reset]);

  const createOrganization = async (values: TOrganizationSetupForm): Promise<boolean> => {
    if (organization) {
      // Registration already created it: keep it, renamed when the owner changed the name here.
      if (isOwner && values.name.trim() !== organization.name) {
        await api.identity.updateOrganization({ name: values.name }).catch(() => undefined);
      }
      return true;
    }
    let created: TUserAndOrganization;
    try {
      created = await api.identity.createOrganization(values);
    } catch {
      try {
        // The seed's second creation path. The server acts for the session's user only.
        created = await api.identity.createOrganizationWithContext({
          ...values,
          userId: user?.id,
          userEmail: user?.email,
          bypassAuth: true,
        });
      } catch (error) {
        toast({
          title: 'Failed to create organization',
          description: getServerMessage(error) ?? 'Please try again.',
          variant: 'error',
        });
        return false;
      }
    }
    if (isAuthenticated) setSession({ user: created.user, organization: created.organization });
    return true;
  };

  const onSubmit = handleSubmit(async (values) => {
    setCheckoutFailure(null);
    if (!isAuthenticated) {
      toast({
        title: 'Authentication error',
        description: 'You must be logged in to create an organization. Please log in again.',
        variant: 'error',
        action: { label: 'Login', onClick: () => window.location.assign('/login') },
      });
      return;
    }
    if (!(await createOrganization(values))) return;
    // An unverified owner's checkout would be refused (issue 15): keep the plan for after the emailed link
    // (/verify-email offers it again, one click) and say so, instead of a checkout that fails.
    const isUnverified =
      !!user &&
      !user.emailVerified &&
      !(await api.identity.me({ cache: 'no-store' }).catch(() => null))?.user.emailVerified;
    if (user && isUnverified) {
      rememberPendingCheckout({ kind: 'plan', plan: values.plan, billingCycle: values.billingCycle });
      toast({
        title: 'Verify your email to start your trial',
        description: `We sent a link to ${user.email}. After following it you can continue to checkout for ${pendingCheckoutLabel({ kind: 'plan', plan: values.plan, billingCycle: values.billingCycle })}. The banner can send a new link.`,
      });
      navigate('/dashboard');
      return;
    }
    try {
      const checkout = await api.billing.checkout({
        plan: values.plan,
        billingCycle: values.billingCycle,
      });
      if (!checkout?.url) throw new Error('No checkout URL returned');
      window.location.assign(checkout.url);
    } catch (error) {
      const reason = error instanceof Error && error.message ? error.message : 'No checkout URL returned';
      setCheckoutFailure(reason);
      toast({
        title: 'Organization created',
        description: 'Subscription setup failed. You can complete it from Billing.',
      });
      await sleep(CHECKOUT_FAILURE_REDIRECT_MS);
      window.location.assign('/dashboard');
    }
  });

  return (
    <AuthCard
      wide
      title="Set up your organization"
      description="Name your organization and choose a plan. Every member of your team is one seat."
    >
      {checkoutFailure ? (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>Organization created</MessageBarTitle>
            Your organization was created, but the subscription setup failed ({checkoutFailure}). Complete it
            from Billing. Taking you to your dashboard...
          </MessageBarBody>
        </MessageBar>
      ) : null}
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <Field label="Organization name" required validationMessage={errors.name?.message}>
          <Input {...register('name')} value={name} autoComplete="organization" />
        </Field>
        <Controller
          control={control}
          name="plan"
          render={({ field }) => (
            <Field label="Plan" validationMessage={errors.plan?.message}>
              <RadioGroup
                value={field.value}
                onChange={(_, data) => field.onChange(data.value)}
                name={field.name}
              >
                {(['basic', 'pro'] as const).map((option) => (
                  <Radio
                    key={option}
                    value={option}
                    label={
                      <span>
                        {Plans[option].label}{' '}
                        {Plans[option].popular ? <Badge appearance="tint">Popular</Badge> : null}
                        <br />
                        <span className={styles.muted}>{Plans[option].features.join(' · ')}</span>
                      </span>
                    }
                  />
                ))}
              </RadioGroup>
            </Field>
          )}
        />
        <Controller
          control={control}
          name="billingCycle"
          render={({ field }) => (
            <Field label="Billing cycle" validationMessage={errors.billingCycle?.message}>
              <RadioGroup
                layout="horizontal"
                value={field.value}
                onChange={(_, data) => field.onChange(data.value)}
                name={field.name}
              >
                <Radio value="monthly" label="Monthly" />
                <Radio value="annual" label="Annual (save 20%)" />
              </RadioGroup>
            </Field>
          )}
        />
        <p className={styles.muted} aria-live="polite">
          {Plans[plan].label}: {planPriceText(plan, billingCycle)}
        </p>
        <MessageBar intent="info" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{TRIAL_DAYS}-day free trial</MessageBarTitle>A credit card is required. You will
            not be charged until the trial ends, and you can cancel at any time.
          </MessageBarBody>
        </MessageBar>
        <Button type="submit" appearance="primary" disabled={isSubmitting || isLoading}>
          {isSubmitting ? 'Setting up...' : `Start ${TRIAL_DAYS}-Day Free Trial`}
        </Button>
        <p className={styles.muted}>
          By continuing you agree to our{' '}
          <Link href="/terms" target="_blank">
            Terms of Service
          </Link>{' '}
          and{' '}
          <Link href="/privacy" target="_blank">
            Privacy Policy
          </Link>
          .
        </p>
      </form>
    </AuthCard>
  );
}
