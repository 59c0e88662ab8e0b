import { useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import {
  Card,
  CardHeader,
  MessageBar,
  MessageBarBody,
  ProgressBar,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowRight20Regular, Mail20Regular, PlugConnected20Regular } from '@fluentui/react-icons';
import type { TSession } from '@dealflow/contracts';
import {
  ME_QUERY_KEY,
  PageHeading,
  RemoteComponent,
  nullOn401,
  toast,
  useAuth,
  Button,
} from '@dealflow/web-kit';
import { api } from '@dealflow/contracts/client';
import { getStatusBadge } from '../lib/records-format.js';

export const DashboardTexts = {
  loading: 'Loading your dashboard...',
  errorTitle: 'Error Loading Dashboard',
  errorText: 'There was an error loading your dashboard. Please try again later.',
  returnToLogin: 'Return to Login',
  paymentTitle: 'Payment Successful!',
  paymentText: 'Thank you for your purchase. You now have access to the template.',
  subscriptionTitle: 'Subscription Started!',
  subscriptionText: 'Your plan is active and your free trial has started. Manage it anytime from Billing.',
} as const;

const ME_CACHE_MS = 5 * 60 * 1000;

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gap: '16px',
    gridTemplateColumns: 'repeat(auto-fit, minmax(320px, 1fr))',
    marginBottom: '16px',
  },
  counts: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(110px, 1fr))', gap: '12px' },
  count: {
    display: 'flex',
    flexDirection: 'column',
    gap: '4px',
    padding: '12px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  number: {
    fontSize: tokens.fontSizeHero700,
    fontWeight: tokens.fontWeightSemibold,
    lineHeight: tokens.lineHeightHero700,
  },
  label: { color: tokens.colorNeutralForeground2 },
  sectionTitle: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3, margin: 0 },
  links: { display: 'flex', gap: '8px', flexWrap: 'wrap', marginTop: '12px' },
  center: { display: 'flex', justifyContent: 'center', padding: '48px' },
  errorBlock: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: '12px',
    padding: '24px',
  },
  usageLine: { display: 'flex', justifyContent: 'space-between', margin: '8px 0' },
});

function PipelineCard() {
  const styles = useStyles();
  const navigate = useNavigate();
  // One aggregate on the server (GET /api/emails/pipeline), not a page walk per status from the browser.
  const pipeline = useQuery(api.ingest.pipeline.queryOptions());
  return (
    <Card>
      <CardHeader
        header={<h2 className={styles.sectionTitle}>Pipeline this month</h2>}
        description={<p className={styles.muted}>Records received since the first of the month, by status</p>}
      />
      {pipeline.isPending ? <Spinner size="small" label="Counting records..." /> : null}
      {pipeline.error ? (
        <MessageBar intent="error">
          <MessageBarBody>The pipeline could not be loaded: {pipeline.error.message}</MessageBarBody>
        </MessageBar>
      ) : null}
      {pipeline.data ? (
        <div className={styles.counts} role="list" aria-label="Pipeline this month">
          {pipeline.data.counts.map(({ status, count }) => (
            <div
              key={status}
              className={styles.count}
              role="listitem"
              aria-label={`${getStatusBadge(status).label}: ${count}`}
            >
              <span className={styles.number}>{count}</span>
              <span className={styles.label}>{getStatusBadge(status).label}</span>
            </div>
          ))}
        </div>
      ) : null}
      <div className={styles.links}>
        <Button
          appearance="primary"
          icon={<ArrowRight20Regular />}
          iconPosition="after"
          onClick={() => navigate('/processed-emails')}
        >
          View Processed Records
        </Button>
        <Button icon={<Mail20Regular />} onClick={() => navigate('/integration-1')}>
          Integration 1
        </Button>
        <Button icon={<PlugConnected20Regular />} onClick={() => navigate('/integration-2')}>
          Integration 2
        </Button>
      </div>
    </Card>
  );
}

function UsageCard() {
  const styles = useStyles();
  const usage = useQuery(api.billing.usage.queryOptions());
  const used = usage.data?.totalDecksProcessed ?? 0;
  const limit = usage.data?.limit ?? 0;
  return (
    <Card>
      <CardHeader
        header={<h2 className={styles.sectionTitle}>Usage this month</h2>}
        description={<p className={styles.muted}>Decks processed against your plan’s limit</p>}
      />
      {usage.isPending ? <Spinner size="small" label="Loading usage..." /> : null}
      {usage.error ? (
        <MessageBar intent="warning">
          <MessageBarBody>Usage is not available right now: {usage.error.message}</MessageBarBody>
        </MessageBar>
      ) : null}
      {usage.data ? (
        <>
          <div className={styles.usageLine}>
            <strong aria-label="Decks processed">
              {used} of {limit} decks
            </strong>
            <span className={styles.muted}>
              {limit > 0
                ? `${Math.min(100, Math.round((used / limit) * 100))}% used`
                : 'No deck allowance on this plan'}
            </span>
          </div>
          <ProgressBar
            value={limit > 0 ? Math.min(1, used / limit) : 0}
            color={limit > 0 && used >= limit ? 'error' : 'brand'}
            thickness="large"
            aria-label="Usage against the limit"
          />
          {usage.data.usageRecords.length > 0 ? (
            <Table size="small" aria-label="Usage per member" style={{ marginTop: 12 }}>
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>Member</TableHeaderCell>
                  <TableHeaderCell>Decks processed</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {usage.data.usageRecords.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell>
                      {row.user ? `${row.user.name} (${row.user.email})` : 'Organization inbox'}
                    </TableCell>
                    <TableCell>{row.decksProcessed}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ) : null}
        </>
      ) : null}
    </Card>
  );
}

export default function DashboardPage() {
  const styles = useStyles();
  const location = useLocation();
  const navigate = useNavigate();
  const auth = useAuth();
  // The signed-in app's current-user query (seed 001 section 7: retried once, cached 5 minutes); its error is
  // 'Failed to fetch user'. The auth context keeps it in step (a new session, a refresh, logout).
  const me = useQuery<TSession | null>({
    queryKey: ME_QUERY_KEY,
    queryFn: ({ signal }) => nullOn401(api.identity.me({ signal })),
    retry: 1,
    staleTime: ME_CACHE_MS,
  });

  const search = new URLSearchParams(location.search);
  const paymentSucceeded = search.has('success') || search.has('checkout_success');
  useEffect(() => {
    if (!paymentSucceeded) return;
    toast({
      title: DashboardTexts.paymentTitle,
      description: DashboardTexts.paymentText,
      variant: 'success',
    });
    // '/' is the landing page here: drop the query and stay on the dashboard (issue 14).
    navigate(location.pathname, { replace: true });
  }, [paymentSucceeded, navigate, location.pathname]);
  const subscriptionStarted = search.has('subscription_started');
  useEffect(() => {
    if (!subscriptionStarted) return;
    toast({
      title: DashboardTexts.subscriptionTitle,
      description: DashboardTexts.subscriptionText,
      variant: 'success',
    });
    navigate(location.pathname, { replace: true });
  }, [subscriptionStarted, navigate, location.pathname]);

  if (me.isError) {
    return (
      <Card className={styles.errorBlock} role="alert">
        <h1 className={styles.sectionTitle}>{DashboardTexts.errorTitle}</h1>
        <p className={styles.muted}>{DashboardTexts.errorText}</p>
        <Button appearance="primary" onClick={() => window.location.assign('/login')}>
          {DashboardTexts.returnToLogin}
        </Button>
      </Card>
    );
  }
  if (auth.isLoading || me.isPending) {
    return (
      <div className={styles.center}>
        <Spinner label={DashboardTexts.loading} />
      </div>
    );
  }
  if (!auth.user) return <Navigate to="/login" replace />;

  return (
    <div>
      <PageHeading
        description={auth.organization ? `${auth.organization.name} · deal flow at a glance` : undefined}
      >
        Dashboard
      </PageHeading>
      {auth.organization ? (
        <div className={styles.grid}>
          <PipelineCard />
          <UsageCard />
        </div>
      ) : (
        <Card className={styles.errorBlock} style={{ marginBottom: 16 }}>
          <h2 className={styles.sectionTitle}>Set up your organization</h2>
          <p className={styles.muted}>
            Records, deals and usage belong to an organization. Create yours to start receiving decks.
          </p>
          <Button appearance="primary" onClick={() => navigate('/organization-setup')}>
            Set up organization
          </Button>
        </Card>
      )}
      <RemoteComponent id="mfe_billing/AccessPanel" />
    </div>
  );
}
