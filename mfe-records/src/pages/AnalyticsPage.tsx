import { Component, Suspense, lazy, useId, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import {
  Card,
  CardHeader,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
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
import { ArrowUpRight20Regular } from '@fluentui/react-icons';
import { isProActive, UPGRADE_MESSAGES } from '@dealflow/contracts/plans';
import { ApiError, Button, PageHeading, useAuth } from '@dealflow/web-kit';
import {
  analyticsQueries,
  defaultRange,
  formatDuration,
  formatWeek,
  percentOf,
  rangeError,
  type TAnalyticsBreakdown,
  type TAnalyticsFunnel,
  type TAnalyticsRange,
  type TDecksPerWeek,
  type TTimeToProcess,
} from '../lib/analytics-api.js';

// The drawings are a chunk of their own: the chart library loads only when a Pro organization's data is there.
const charts = () => import('../components/AnalyticsCharts.js');
const DecksPerWeekChart = lazy(() => charts().then((m) => ({ default: m.DecksPerWeekChart })));
const BreakdownChart = lazy(() => charts().then((m) => ({ default: m.BreakdownChart })));
const FunnelView = lazy(() => charts().then((m) => ({ default: m.FunnelView })));
const TimeToProcessChart = lazy(() => charts().then((m) => ({ default: m.TimeToProcessChart })));

export const AnalyticsTexts = {
  title: 'Analytics',
  description: 'Deal flow over time: what arrives, where it comes from and how fast it is processed',
  upgradeTitle: 'Analytics is a Pro feature',
  upgradeText:
    'Pro shows decks per week, by industry, stage and country, the funnel from received to deal, and how long processing takes.',
  upgradeButton: 'Upgrade to Pro',
  upgradeMember: 'Ask the owner of your organization to upgrade to Pro.',
  empty: 'No decks were received in this range.',
  showTable: 'Show as a table',
} as const;

const useStyles = makeStyles({
  range: { display: 'flex', gap: '12px', flexWrap: 'wrap', alignItems: 'flex-start', marginBottom: '16px' },
  grid: {
    display: 'grid',
    gap: '16px',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 420px), 1fr))',
  },
  sectionTitle: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3, margin: 0 },
  chart: { minHeight: '160px', overflowX: 'auto' },
  details: { marginTop: '8px' },
  summary: { cursor: 'pointer', color: tokens.colorBrandForeground1 },
  upgrade: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: '12px',
    padding: '24px',
    maxWidth: '640px',
  },
});

/** Draws a chart; if the drawing itself fails, the table below it still tells the figures. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error) {
    console.warn('analytics chart failed to draw', error);
  }
  override render() {
    return this.state.failed ? (
      <p role="status">The chart could not be drawn; the table below has its figures.</p>
    ) : (
      this.props.children
    );
  }
}

/** What a card reads of its react-query result. */
interface TChartQuery<T> {
  isPending: boolean;
  error: Error | null;
  data: T | undefined;
}

interface TChartCardProps<T> {
  title: string;
  description: string;
  query: TChartQuery<T>;
  isEmpty: (data: T) => boolean;
  chart: (data: T) => ReactNode;
  table: (data: T) => ReactNode;
}

/** One chart: its loading, error and empty states, the drawing, and the same figures as a table. */
function ChartCard<T>({ title, description, query, isEmpty, chart, table }: TChartCardProps<T>) {
  const styles = useStyles();
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId}>
      <CardHeader
        header={
          <h2 id={headingId} className={styles.sectionTitle}>
            {title}
          </h2>
        }
        description={<p className={styles.muted}>{description}</p>}
      />
      {query.isPending ? <Spinner size="small" label={`Loading ${title.toLowerCase()}...`} /> : null}
      {query.error ? (
        <MessageBar intent="error">
          <MessageBarBody>
            {title} could not be loaded: {query.error.message}
          </MessageBarBody>
        </MessageBar>
      ) : null}
      {query.data && isEmpty(query.data) ? <p className={styles.muted}>{AnalyticsTexts.empty}</p> : null}
      {query.data && !isEmpty(query.data) ? (
        <>
          <div className={styles.chart}>
            <ChartBoundary>
              <Suspense fallback={<Spinner size="small" label="Drawing the chart..." />}>
                {chart(query.data)}
              </Suspense>
            </ChartBoundary>
          </div>
          <details className={styles.details}>
            <summary className={styles.summary}>{AnalyticsTexts.showTable}</summary>
            {table(query.data)}
          </details>
        </>
      ) : null}
    </Card>
  );
}

function FiguresTable({ label, head, rows }: { label: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <Table size="small" aria-label={label}>
      <TableHeader>
        <TableRow>
          {head.map((h) => (
            <TableHeaderCell key={h}>{h}</TableHeaderCell>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((cells, i) => (
          <TableRow key={i}>
            {cells.map((cell, j) => (
              <TableCell key={j}>{cell}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

const breakdownCard = (
  title: string,
  description: string,
  column: string,
  query: TChartQuery<TAnalyticsBreakdown>,
) => (
  <ChartCard
    title={title}
    description={description}
    query={query}
    isEmpty={(d) => d.total === 0}
    chart={(d) => <BreakdownChart data={d} title={title} />}
    table={(d) => (
      <FiguresTable
        label={`${title} (table)`}
        head={[column, 'Decks', 'Share']}
        rows={d.groups.map((g) => [g.label, g.count, percentOf(g.count, d.total)])}
      />
    )}
  />
);

/** Basic, free and lapsed plans: what Pro adds and where to get it (owners go to Billing). */
function UpgradePanel({ isOwner }: { isOwner: boolean }) {
  const styles = useStyles();
  const navigate = useNavigate();
  return (
    <Card className={styles.upgrade} role="region" aria-labelledby="analytics-upgrade-title">
      <h2 id="analytics-upgrade-title" className={styles.sectionTitle}>
        {AnalyticsTexts.upgradeTitle}
      </h2>
      <p className={styles.muted}>{AnalyticsTexts.upgradeText}</p>
      {isOwner ? (
        <Button
          appearance="primary"
          icon={<ArrowUpRight20Regular />}
          iconPosition="after"
          onClick={() => navigate('/billing')}
        >
          {AnalyticsTexts.upgradeButton}
        </Button>
      ) : (
        <p className={styles.muted}>{AnalyticsTexts.upgradeMember}</p>
      )}
    </Card>
  );
}

function AnalyticsCharts({ range }: { range: TAnalyticsRange }) {
  const styles = useStyles();
  const decks = useQuery<TDecksPerWeek, Error>(analyticsQueries.decksPerWeek(range));
  const industries = useQuery<TAnalyticsBreakdown, Error>(analyticsQueries.industries(range));
  const stages = useQuery<TAnalyticsBreakdown, Error>(analyticsQueries.stages(range));
  const countries = useQuery<TAnalyticsBreakdown, Error>(analyticsQueries.countries(range));
  const funnel = useQuery<TAnalyticsFunnel, Error>(analyticsQueries.funnel(range));
  const timing = useQuery<TTimeToProcess, Error>(analyticsQueries.timeToProcess(range));
  return (
    <div className={styles.grid}>
      <ChartCard
        title="Decks per week"
        description="Records received each week (Monday to Sunday, UTC)"
        query={decks}
        isEmpty={(d) => d.weeks.every((w) => w.count === 0)}
        chart={(d) => <DecksPerWeekChart data={d} title="Decks per week" />}
        table={(d) => (
          <FiguresTable
            label="Decks per week (table)"
            head={['Week of', 'Decks']}
            rows={d.weeks.map((w) => [formatWeek(w.weekStart), w.count])}
          />
        )}
      />
      <ChartCard
        title="Funnel"
        description="Received, then completed (data extracted), then a deal created in the CRM"
        query={funnel}
        isEmpty={(d) => d.received === 0}
        chart={(d) => <FunnelView data={d} title="Funnel" />}
        table={(d) => (
          <FiguresTable
            label="Funnel (table)"
            head={['Stage', 'Decks', 'Of received']}
            rows={[
              ['Received', d.received, '100%'],
              ['Completed', d.completed, percentOf(d.completed, d.received)],
              ['Deal created', d.deals, percentOf(d.deals, d.received)],
            ]}
          />
        )}
      />
      {breakdownCard('By industry', 'Extracted records by industry', 'Industry', industries)}
      {breakdownCard('By stage', 'Extracted records by funding round', 'Stage', stages)}
      {breakdownCard('By country', "Extracted records by the company's country", 'Country', countries)}
      <ChartCard
        title="Time to process"
        description="From arrival to completed or failed, per week: median and 90th percentile"
        query={timing}
        isEmpty={(d) => d.weeks.every((w) => w.processed === 0)}
        chart={(d) => <TimeToProcessChart data={d} title="Time to process" />}
        table={(d) => (
          <FiguresTable
            label="Time to process (table)"
            head={['Week of', 'Processed', 'Median', '90th percentile']}
            rows={d.weeks.map((w) => [
              formatWeek(w.weekStart),
              w.processed,
              formatDuration(w.medianSeconds),
              formatDuration(w.p90Seconds),
            ])}
          />
        )}
      />
    </div>
  );
}

export default function AnalyticsPage() {
  const styles = useStyles();
  const auth = useAuth();
  const [draft, setDraft] = useState<TAnalyticsRange>(() => defaultRange());
  const problem = rangeError(draft);
  // The charts follow the inputs only while they form a range the server accepts.
  const [range, setRange] = useState<TAnalyticsRange>(draft);
  const update = (next: TAnalyticsRange) => {
    setDraft(next);
    if (!rangeError(next)) setRange(next);
  };
  // The server refuses non-Pro organizations too (403); a refusal shows the same panel.
  const probe = useQuery<TAnalyticsFunnel, Error>({
    ...analyticsQueries.funnel(range),
    enabled: isProActive(auth.organization?.plan, auth.organization?.subscriptionStatus),
  });
  const refused = probe.error instanceof ApiError && probe.error.status === 403;

  if (auth.isLoading) {
    return <Spinner label="Loading analytics..." />;
  }
  const isPro = isProActive(auth.organization?.plan, auth.organization?.subscriptionStatus);
  return (
    <div>
      <PageHeading description={AnalyticsTexts.description}>{AnalyticsTexts.title}</PageHeading>
      {!isPro || refused ? (
        <>
          {refused ? (
            <MessageBar intent="warning" style={{ marginBottom: 16 }}>
              <MessageBarBody>
                <MessageBarTitle>Not available</MessageBarTitle>
                {probe.error?.message ?? UPGRADE_MESSAGES.analytics}
              </MessageBarBody>
            </MessageBar>
          ) : null}
          <UpgradePanel isOwner={auth.user?.role === 'owner'} />
        </>
      ) : (
        <>
          <div className={styles.range} role="group" aria-label="Date range">
            <Field label="From" validationMessage={problem ?? undefined}>
              <Input
                type="date"
                value={draft.from}
                max={draft.to}
                onChange={(_, d) => update({ ...draft, from: d.value })}
              />
            </Field>
            <Field label="To">
              <Input
                type="date"
                value={draft.to}
                min={draft.from}
                onChange={(_, d) => update({ ...draft, to: d.value })}
              />
            </Field>
          </div>
          <AnalyticsCharts range={range} />
        </>
      )}
    </div>
  );
}
