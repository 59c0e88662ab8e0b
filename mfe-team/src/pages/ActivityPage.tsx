import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Select,
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
import {
  ACTIVITY_CATEGORIES,
  ACTIVITY_CATEGORY_LABELS,
  activityActionLabel,
  type TActivityCategory,
} from '@dealflow/contracts/activity';
import type { TActivityEntry } from '@dealflow/contracts';
import { api } from '@dealflow/contracts/client';
import { PageHeading, useAuth, Button } from '@dealflow/web-kit';
import { QueryState, SettingsSection } from '@dealflow/web-kit/settings';
import { useFormStyles } from '../components/Section.js';

import {
  EMPTY_FILTERS,
  activityCsvUrl,
  isRangeInverted,
  toActivityFilter,
  useActivity,
  type TActivityFilterForm,
} from '../hooks/use-activity.js';

export const ActivityTexts = {
  title: 'Activity',
  description: 'Sign-ins, team changes, billing and integration changes in your organization.',
  ownerOnly: 'Only the organization owner can see the activity log.',
  empty: 'No activity yet.',
  emptyFiltered: 'No activity matches these filters.',
  invertedRange: 'The start date must be before the end date.',
  exportCsv: 'Export CSV',
  loadMore: 'Load more',
  clear: 'Clear filters',
} as const;

const useStyles = makeStyles({
  filters: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(11rem, 1fr))',
    gap: '12px',
    alignItems: 'end',
  },
  toolbar: { display: 'flex', gap: '8px', flexWrap: 'wrap', alignItems: 'center' },
  tableWrap: { overflowX: 'auto' },
  muted: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
  nowrap: { whiteSpace: 'nowrap' },
  footer: { display: 'flex', justifyContent: 'center', paddingTop: '8px' },
  // The CSV is a download link styled as a button (a browser navigation keeps it streamed to disk).
  exportLink: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '6px',
    padding: '5px 12px',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    color: tokens.colorNeutralForeground1,
    backgroundColor: tokens.colorNeutralBackground1,
    fontWeight: tokens.fontWeightSemibold,
    textDecoration: 'none',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
});

const formatTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function ActorCell({ entry }: { entry: TActivityEntry }) {
  const styles = useStyles();
  if (!entry.actor.name && !entry.actor.email) return <span className={styles.muted}>System</span>;
  return (
    <>
      <div>{entry.actor.name ?? entry.actor.email}</div>
      {entry.actor.name && entry.actor.email ? <div className={styles.muted}>{entry.actor.email}</div> : null}
    </>
  );
}

/** /activity: the organization's activity log, for its owners (members get the notice; the API answers 403). */
export default function ActivityPage() {
  const { isOwner, isLoading } = useAuth();
  if (isLoading) return <Spinner label="Loading..." />;
  if (!isOwner) {
    return (
      <div>
        <PageHeading>{ActivityTexts.title}</PageHeading>
        <MessageBar intent="warning">
          <MessageBarBody>{ActivityTexts.ownerOnly}</MessageBarBody>
        </MessageBar>
      </div>
    );
  }
  return <OwnerActivity />;
}

function OwnerActivity() {
  const styles = useStyles();
  const formStyles = useFormStyles();
  const [form, setForm] = useState<TActivityFilterForm>(EMPTY_FILTERS);
  const inverted = isRangeInverted(form);
  const filter = useMemo(() => toActivityFilter(form), [form]);
  const members = useQuery(api.identity.listMembers.queryOptions());
  const activity = useActivity(filter, !inverted);
  const entries = activity.data?.pages.flatMap((p) => p.entries) ?? [];
  const isFiltered = JSON.stringify(form) !== JSON.stringify(EMPTY_FILTERS);
  const set = (patch: Partial<TActivityFilterForm>) => setForm((f) => ({ ...f, ...patch }));

  return (
    <div>
      <PageHeading description={ActivityTexts.description}>{ActivityTexts.title}</PageHeading>
      <SettingsSection
        title="Filters"
        actions={
          <div className={styles.toolbar}>
            {isFiltered ? (
              <Button appearance="subtle" onClick={() => setForm(EMPTY_FILTERS)}>
                {ActivityTexts.clear}
              </Button>
            ) : null}
            {inverted ? null : (
              <a className={styles.exportLink} href={activityCsvUrl(filter)} download>
                {ActivityTexts.exportCsv}
              </a>
            )}
          </div>
        }
      >
        <div className={styles.filters}>
          <Field label="Member">
            <Select value={form.userId} onChange={(_, data) => set({ userId: data.value })}>
              <option value="">All members</option>
              {(members.data ?? []).map((m) => (
                <option key={m.id} value={String(m.id)}>
                  {m.name} ({m.email})
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Category">
            <Select
              value={form.category}
              onChange={(_, data) => set({ category: data.value as TActivityCategory | '' })}
            >
              <option value="">All activity</option>
              {ACTIVITY_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {ACTIVITY_CATEGORY_LABELS[c]}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="From">
            <Input type="date" value={form.from} onChange={(_, data) => set({ from: data.value })} />
          </Field>
          <Field
            label="To"
            validationState={inverted ? 'error' : 'none'}
            validationMessage={inverted ? ActivityTexts.invertedRange : undefined}
          >
            <Input type="date" value={form.to} onChange={(_, data) => set({ to: data.value })} />
          </Field>
        </div>
      </SettingsSection>

      <SettingsSection title="Log">
        {inverted ? null : (
          <QueryState
            isPending={activity.isPending}
            error={activity.error}
            onRetry={() => void activity.refetch()}
            label="activity"
          />
        )}
        {activity.isSuccess && entries.length === 0 ? (
          <p className={formStyles.muted}>{isFiltered ? ActivityTexts.emptyFiltered : ActivityTexts.empty}</p>
        ) : null}
        {entries.length > 0 ? (
          // On a phone the table scrolls sideways: the region is focusable so a keyboard can scroll it.
          <div className={styles.tableWrap} role="region" aria-label="Activity log" tabIndex={0}>
            <Table aria-label="Activity">
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>Time</TableHeaderCell>
                  <TableHeaderCell>Member</TableHeaderCell>
                  <TableHeaderCell>Action</TableHeaderCell>
                  <TableHeaderCell>Details</TableHeaderCell>
                  <TableHeaderCell>IP address</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {entries.map((entry) => (
                  <TableRow key={entry.id}>
                    <TableCell className={styles.nowrap}>
                      <time dateTime={entry.occurredAt}>{formatTime(entry.occurredAt)}</time>
                    </TableCell>
                    <TableCell>
                      <ActorCell entry={entry} />
                    </TableCell>
                    <TableCell>{activityActionLabel(entry.action)}</TableCell>
                    <TableCell>
                      <div>{entry.description}</div>
                      {entry.userAgent ? <div className={styles.muted}>{entry.userAgent}</div> : null}
                    </TableCell>
                    <TableCell>{entry.ip ?? '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        ) : null}
        {activity.hasNextPage ? (
          <div className={styles.footer}>
            <Button onClick={() => void activity.fetchNextPage()} disabled={activity.isFetchingNextPage}>
              {activity.isFetchingNextPage ? 'Loading more...' : ActivityTexts.loadMore}
            </Button>
          </div>
        ) : null}
      </SettingsSection>
    </div>
  );
}
