import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Badge,
  Card,
  CardHeader,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  ProgressBar,
  Spinner,
  Tab,
  TabList,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import type { z } from 'zod';
import type { TBillingCycle, TPaidPlan, ZSubscription, ZUsage } from '@dealflow/contracts';
import { Plans } from '@dealflow/contracts/plans';
import { PageHeading, toast, useAuth, Button } from '@dealflow/web-kit';
import { rememberPendingCheckout } from '@dealflow/web-kit/pending-checkout';
import { VerifyEmailDialog } from '../components/VerifyEmailDialog.js';
import { isStillUnverified } from '../lib/verified.js';
import { api } from '@dealflow/contracts/client';
import { createPlanCheckout, CheckoutError } from '../lib/checkout.js';
import InvoicesCard from './InvoicesCard.js';
import PurchaseButton from './PurchaseButton.js';
import {
  BillingTexts,
  CHECKOUT_REDIRECT_DELAY_MS,
  PORTAL_ERROR_DURATION_MS,
  browser,
  statusLabel,
} from '../lib/texts.js';
import { formatDate, trialMessage } from '../lib/dates.js';

type TSubscription = z.infer<typeof ZSubscription>;
type TUsage = z.infer<typeof ZUsage>;

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: '20px', maxWidth: '960px' },
  card: { padding: '20px' },
  cardTitle: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))',
    gap: '12px',
    margin: '12px 0',
  },
  factLabel: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, margin: 0 },
  factValue: { margin: '2px 0 0', fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  plans: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))',
    gap: '16px',
    marginTop: '16px',
  },
  plan: { padding: '20px', display: 'flex', flexDirection: 'column', gap: '8px' },
  price: { fontSize: tokens.fontSizeHero700, fontWeight: tokens.fontWeightBold, margin: 0 },
  muted: { color: tokens.colorNeutralForeground3, margin: 0 },
  features: { margin: 0, paddingLeft: '18px' },
  errorBlock: {
    padding: '16px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorPaletteRedBackground1,
  },
  usageRow: { display: 'flex', justifyContent: 'space-between', padding: '4px 0' },
});

const LIVE = new Set(['active', 'trialing', 'past_due']);

function Fact({ label, value }: { label: string; value: string }) {
  const styles = useStyles();
  return (
    <div>
      <p className={styles.factLabel}>{label}</p>
      <p className={styles.factValue}>{value}</p>
    </div>
  );
}

function CurrentSubscriptionCard({ subscription }: { subscription: TSubscription }) {
  const styles = useStyles();
  const portal = useMutation({
    mutationFn: () => api.billing.portal(),
    onSuccess: (answer) => {
      if (answer?.url) browser.assign(answer.url);
      else
        toast({
          title: BillingTexts.portalErrorTitle,
          description: BillingTexts.portalErrorGeneric,
          variant: 'error',
          duration: PORTAL_ERROR_DURATION_MS,
        });
    },
    onError: (error) =>
      toast({
        title: BillingTexts.portalErrorTitle,
        description:
          error instanceof Error && error.message ? error.message : BillingTexts.portalErrorGeneric,
        variant: 'error',
        duration: PORTAL_ERROR_DURATION_MS,
      }),
  });
  const period = subscription.billingCycle === 'annual' ? 'year' : 'month';
  const price =
    subscription.pricePerSeat === null
      ? '$0'
      : `$${subscription.pricePerSeat} per user / ${period} ($${subscription.amount} total)`;
  const renewal = formatDate(subscription.currentPeriodEnd);
  const renewalText = renewal
    ? `${subscription.cancelAtPeriodEnd ? 'Cancels on' : 'Renews on'} ${renewal}`
    : '—';
  return (
    <Card className={styles.card}>
      <CardHeader header={<h2 className={styles.cardTitle}>{BillingTexts.currentSubscription}</h2>} />
      <div className={styles.facts}>
        <Fact label="Plan" value={subscription.planLabel} />
        <Fact label="Seats" value={String(subscription.seats)} />
        <Fact label="Price" value={price} />
        <Fact label="Status" value={statusLabel(subscription.status)} />
        <Fact label="Renewal" value={renewalText} />
      </div>
      {subscription.stripeCustomerId ? (
        <div>
          <Button appearance="secondary" disabled={portal.isPending} onClick={() => portal.mutate()}>
            {portal.isPending ? 'Opening...' : BillingTexts.manageBilling}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

function PlanCard({
  plan,
  cycle,
  onChoose,
  busy,
}: {
  plan: TPaidPlan;
  cycle: TBillingCycle;
  onChoose: () => void;
  busy: boolean;
}) {
  const styles = useStyles();
  const info = Plans[plan];
  const perMonth = cycle === 'annual' ? info.pricePerSeat.annual / 12 : info.pricePerSeat.monthly;
  return (
    <Card className={styles.plan} aria-label={`${info.label} plan`}>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <h3 className={styles.cardTitle}>{info.label}</h3>
        {info.popular ? (
          <Badge appearance="filled" color="brand">
            {BillingTexts.popular}
          </Badge>
        ) : null}
      </div>
      <p className={styles.price}>
        ${perMonth}
        <span className={styles.muted} style={{ fontSize: 14 }}>
          {' '}
          per user / month
        </span>
      </p>
      <p className={styles.muted}>
        {cycle === 'annual' ? `Billed $${info.pricePerSeat.annual} per user per year` : 'Billed monthly'}
      </p>
      <ul className={styles.features}>
        {info.features.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      <Button appearance={info.popular ? 'primary' : 'secondary'} disabled={busy} onClick={onChoose}>
        {busy ? 'Processing...' : `Choose ${info.label}`}
      </Button>
    </Card>
  );
}

function ChoosePlanCard() {
  const styles = useStyles();
  const { organization, user } = useAuth();
  const [cycle, setCycle] = useState<TBillingCycle>('annual');
  const [error, setError] = useState<string | null>(null);
  // An unverified owner's checkout would be refused (issue 15): explain, keep the choice, start nothing.
  const [unverifiedChoice, setUnverifiedChoice] = useState<TPaidPlan | null>(null);
  const choose = async (plan: TPaidPlan) => {
    if (await isStillUnverified(user)) {
      rememberPendingCheckout({ kind: 'plan', plan, billingCycle: cycle });
      setUnverifiedChoice(plan);
      return;
    }
    checkout.mutate(plan);
  };
  const checkout = useMutation({
    mutationFn: async (plan: TPaidPlan) => {
      const url = await createPlanCheckout(organization?.id, { plan, billingCycle: cycle });
      await new Promise((resolve) => setTimeout(resolve, CHECKOUT_REDIRECT_DELAY_MS));
      browser.assign(url);
    },
    onMutate: () => setError(null),
    onError: (err) => {
      const message = err instanceof CheckoutError ? err.message : BillingTexts.unexpected;
      setError(message);
      toast({ title: BillingTexts.checkoutErrorTitle, description: message, variant: 'error' });
    },
  });
  return (
    <Card className={styles.card}>
      <CardHeader header={<h2 className={styles.cardTitle}>{BillingTexts.chooseAPlan}</h2>} />
      <TabList
        selectedValue={cycle}
        onTabSelect={(_e, data) => setCycle(data.value as TBillingCycle)}
        aria-label="Billing cycle"
      >
        <Tab value="monthly">Monthly</Tab>
        <Tab value="annual">
          Annual{' '}
          <Badge appearance="tint" color="success">
            {BillingTexts.saveLabel}
          </Badge>
        </Tab>
      </TabList>
      {error ? (
        <MessageBar intent="error" style={{ marginTop: 12 }}>
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      ) : null}
      <div className={styles.plans}>
        {(['basic', 'pro'] as const).map((plan) => (
          <PlanCard
            key={plan}
            plan={plan}
            cycle={cycle}
            busy={checkout.isPending && checkout.variables === plan}
            onChoose={() => void choose(plan)}
          />
        ))}
      </div>
      {user && unverifiedChoice ? (
        <VerifyEmailDialog
          open
          email={user.email}
          choice={{ kind: 'plan', plan: unverifiedChoice, billingCycle: cycle }}
          onClose={() => setUnverifiedChoice(null)}
        />
      ) : null}
    </Card>
  );
}

function UsageCard({ usage }: { usage: TUsage }) {
  const styles = useStyles();
  const ratio = usage.limit > 0 ? Math.min(usage.totalDecksProcessed / usage.limit, 1) : 0;
  return (
    <Card className={styles.card}>
      <CardHeader header={<h2 className={styles.cardTitle}>Usage this month</h2>} />
      <p>
        {usage.totalDecksProcessed} of {usage.limit} decks processed
      </p>
      <ProgressBar
        value={ratio}
        color={ratio >= 1 ? 'error' : ratio >= 0.8 ? 'warning' : 'brand'}
        aria-label="Decks processed against the limit"
      />
      {usage.usageRecords.map((r) => (
        <div key={r.id} className={styles.usageRow}>
          <span>{r.user ? `${r.user.name} (${r.user.email})` : 'Unattributed'}</span>
          <span>{r.decksProcessed}</span>
        </div>
      ))}
    </Card>
  );
}

/** The one-time Standard License ($50) that unlocks the dashboard guide (the dashboard's Purchase Access lands here). */
function TemplateLicenseCard() {
  const styles = useStyles();
  return (
    <Card className={styles.card}>
      <CardHeader header={<h2 className={styles.cardTitle}>{BillingTexts.licenseTitle}</h2>} />
      <p className={styles.muted}>{BillingTexts.licenseText}</p>
      <div>
        <PurchaseButton size="medium" />
      </div>
    </Card>
  );
}

export default function BillingPage() {
  const styles = useStyles();
  const { organization, isOwner, isLoading, user } = useAuth();
  const license = user && !user.digitalProductAccess ? <TemplateLicenseCard /> : null;
  const enabled = Boolean(organization) && isOwner;
  const subscription = useQuery({ ...api.billing.subscription.queryOptions(), enabled });
  const usage = useQuery({ ...api.billing.usage.queryOptions(), enabled });

  if (isLoading) return <Spinner label="Loading..." />;
  if (!isOwner) {
    return (
      <div className={styles.stack}>
        <PageHeading>{BillingTexts.title}</PageHeading>
        <MessageBar intent="warning">
          <MessageBarBody>{BillingTexts.ownerOnly}</MessageBarBody>
        </MessageBar>
        {license}
      </div>
    );
  }
  const data = subscription.data;
  const hasPaidSubscription = Boolean(data && data.plan !== 'free' && data.status && LIVE.has(data.status));
  return (
    <div className={styles.stack}>
      <PageHeading description="Manage your plan, seats and payment details.">
        {BillingTexts.title}
      </PageHeading>
      {subscription.isError ? (
        <div className={styles.errorBlock} role="alert">
          <h2 className={styles.cardTitle}>{BillingTexts.loadError}</h2>
          <p>
            {subscription.error instanceof Error ? subscription.error.message : String(subscription.error)}
          </p>
        </div>
      ) : null}
      {subscription.isPending && enabled ? <Spinner label="Loading subscription..." /> : null}
      {data?.status === 'trialing' ? (
        <MessageBar intent="info">
          <MessageBarBody>
            <MessageBarTitle>{BillingTexts.trialTitle}</MessageBarTitle>
            {trialMessage(data.trialEndsAt)}
          </MessageBarBody>
        </MessageBar>
      ) : null}
      {data ? <CurrentSubscriptionCard subscription={data} /> : null}
      {data?.stripeCustomerId ? <InvoicesCard /> : null}
      {data && !hasPaidSubscription ? <ChoosePlanCard /> : null}
      {!organization ? (
        <MessageBar intent="warning">
          <MessageBarBody>{BillingTexts.noOrganization}</MessageBarBody>
        </MessageBar>
      ) : null}
      {usage.data ? <UsageCard usage={usage.data} /> : null}
      {license}
    </div>
  );
}
