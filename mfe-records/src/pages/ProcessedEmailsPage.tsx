import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Card,
  Field,
  Input,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Select,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Tooltip,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import {
  ArrowClockwise20Regular,
  ArrowSync20Regular,
  DocumentText20Regular,
  Open20Regular,
  Search20Regular,
  Sparkle20Regular,
} from '@fluentui/react-icons';
import { ApiError, PageHeading, toast, Button } from '@dealflow/web-kit';
import { CompanyBadge } from '../components/CompanyBadge.js';
import { StatusBadge } from '../components/StatusBadge.js';
import { AnalysisDialog, DealDialog, ExtractedDataDialog } from '../components/RecordDialogs.js';
import {
  EMAILS_KEY,
  RECORDS_PAGE_SIZE,
  getDeal,
  getDealByEmail,
  listEmails,
  retryEmail,
  scanEmails,
  type TDeal,
  type TEmailList,
  type TEmailRecord,
} from '../lib/records-api.js';
import {
  RECORD_FILTERS,
  UNKNOWN_COMPANY,
  UNKNOWN_INDUSTRY,
  canRetry,
  formatReceivedAt,
  formatShowingText,
  isNextDisabled,
} from '../lib/records-format.js';

/** Seed 001 section 8: the records page's toasts. */
export const RecordToasts = {
  retryStarted: { title: 'Processing Started', description: 'The record is being reprocessed.' },
  retryFailed: { title: 'Retry Failed', description: 'There was an error reprocessing the record.' },
  synced: { title: 'Data Synchronized' },
  syncFailed: {
    title: 'Sync Failed',
    description: 'There was an error synchronizing data from Integration 1.',
  },
  missingId: { title: 'Error', description: 'Unable to open record - missing record ID' },
  openFailed: { title: 'Error', description: 'Failed to open record details in Integration 2' },
  opened: { title: 'Record Opened' },
} as const;

/** While a shown record is still moving through the pipeline, the list refreshes itself this often. */
const IN_FLIGHT_REFRESH_MS = 3000;

const useStyles = makeStyles({
  toolbar: { display: 'flex', flexWrap: 'wrap', gap: '12px', alignItems: 'flex-end', marginBottom: '16px' },
  search: { display: 'flex', gap: '8px', alignItems: 'flex-end', flexGrow: 1, minWidth: '240px' },
  searchInput: { flexGrow: 1 },
  tableWrap: { overflowX: 'auto' },
  company: { display: 'flex', alignItems: 'center', gap: '10px', minWidth: '200px' },
  stack: { display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 },
  secondary: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  reason: {
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
    marginTop: '4px',
    maxWidth: '240px',
  },
  actions: { display: 'flex', gap: '2px' },
  footer: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '12px',
    marginTop: '12px',
    flexWrap: 'wrap',
  },
  pager: { display: 'flex', gap: '8px' },
  center: { display: 'flex', justifyContent: 'center', padding: '32px' },
  empty: { padding: '32px', textAlign: 'center', color: tokens.colorNeutralForeground2 },
});

type TDialog =
  | { kind: 'extracted'; record: TEmailRecord }
  | { kind: 'deal'; deal: TDeal }
  | { kind: 'analysis'; record: TEmailRecord }
  | null;

/**
 * Still changing on the server: pending or processing, or completed while svc-crm has not yet answered with
 * its deal (crm.deal.created sets the link; crm.deal.rejected turns the record into Missing Domain).
 */
const isInFlight = (record: TEmailRecord) =>
  record.status === 'pending' ||
  record.status === 'processing' ||
  (record.status === 'completed' && !record.dealUrl);

function scanErrorText(error: unknown): string {
  // A refusal the user can act on (no mailbox connected, wrong credentials) says what it is.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message)
    return error.message;
  if (error instanceof ApiError && error.status === 503 && error.message) return error.message;
  return RecordToasts.syncFailed.description;
}

export default function ProcessedEmailsPage() {
  const styles = useStyles();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const [filter, setFilter] = useState<string>('all');
  const [searchInput, setSearchInput] = useState('');
  const [searchTerm, setSearchTerm] = useState('');
  const [dialog, setDialog] = useState<TDialog>(null);

  const records = useInfiniteQuery({
    queryKey: [...EMAILS_KEY, 'list', filter, searchTerm],
    queryFn: ({ pageParam, signal }) =>
      listEmails({ page: pageParam, limit: RECORDS_PAGE_SIZE, filter, searchTerm }, signal),
    initialPageParam: 1,
    getNextPageParam: (last: TEmailList, pages) => {
      const shown = pages.reduce((n, page) => n + page.data.length, 0);
      return shown < last.total && last.data.length > 0 ? pages.length + 1 : undefined;
    },
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.data.some(isInFlight)) ? IN_FLIGHT_REFRESH_MS : false,
  });

  const rows = useMemo(() => {
    const seen = new Set<number>();
    return (records.data?.pages ?? [])
      .flatMap((page) => page.data)
      .filter((r) => (seen.has(r.id) ? false : (seen.add(r.id), true)));
  }, [records.data]);
  const total = records.data?.pages.at(-1)?.total ?? 0;

  const refreshList = () => queryClient.invalidateQueries({ queryKey: EMAILS_KEY });

  const retry = useMutation({
    mutationFn: (id: number) => retryEmail(id),
    onSuccess: () => {
      toast({ ...RecordToasts.retryStarted, variant: 'success' });
      void refreshList();
    },
    onError: () => toast({ ...RecordToasts.retryFailed, variant: 'error' }),
  });

  const scan = useMutation({
    mutationFn: scanEmails,
    onSuccess: (result) => {
      toast({ ...RecordToasts.synced, description: result.message, variant: 'success' });
      void refreshList();
    },
    onError: (error) =>
      toast({ title: RecordToasts.syncFailed.title, description: scanErrorText(error), variant: 'error' }),
  });

  const openDeal = useMutation({
    mutationFn: (record: TEmailRecord) => getDealByEmail(record.id),
    onSuccess: (deal) => {
      setDialog({ kind: 'deal', deal });
      toast({ ...RecordToasts.opened, description: deal.companyName, variant: 'success' });
    },
    onError: () => toast({ ...RecordToasts.openFailed, variant: 'error' }),
  });

  // The built-in CRM's deal link: /processed-emails?deal=<id> opens that deal.
  const dealParam = searchParams.get('deal');
  useEffect(() => {
    if (!dealParam) return;
    let cancelled = false;
    getDeal(dealParam)
      .then((deal) => {
        if (!cancelled) setDialog({ kind: 'deal', deal });
      })
      .catch(() => {
        if (!cancelled) toast({ ...RecordToasts.openFailed, variant: 'error' });
      });
    return () => {
      cancelled = true;
    };
  }, [dealParam]);

  const closeDialog = () => {
    if (dialog?.kind === 'deal' && dealParam) {
      const next = new URLSearchParams(searchParams);
      next.delete('deal');
      setSearchParams(next, { replace: true });
    }
    setDialog(null);
  };

  const withRecordId = (record: TEmailRecord, open: (record: TEmailRecord) => void) => {
    if (!record.id) {
      toast({ ...RecordToasts.missingId, variant: 'error' });
      return;
    }
    open(record);
  };

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    if (searchInput.trim() === searchTerm) void records.refetch();
    else setSearchTerm(searchInput.trim());
  };

  return (
    <div>
      <PageHeading description="Pitch-deck emails turned into company records, newest first.">
        Processed Records
      </PageHeading>
      <Card>
        <div className={styles.toolbar}>
          <form className={styles.search} onSubmit={onSearch} role="search">
            <Field label="Search" className={styles.searchInput}>
              <Input
                type="search"
                value={searchInput}
                onChange={(_e, data) => setSearchInput(data.value)}
                placeholder="Company, sender or subject"
                contentBefore={<Search20Regular />}
              />
            </Field>
            <Button type="submit">Search</Button>
          </form>
          <Field label="Status">
            <Select value={filter} onChange={(_e, data) => setFilter(data.value)}>
              {RECORD_FILTERS.map((f) => (
                <option key={f.value} value={f.value}>
                  {f.label}
                </option>
              ))}
            </Select>
          </Field>
          <Button
            appearance="primary"
            icon={scan.isPending ? <Spinner size="tiny" /> : <ArrowSync20Regular />}
            disabled={scan.isPending}
            onClick={() => scan.mutate()}
          >
            {scan.isPending ? 'Scanning...' : 'Scan'}
          </Button>
        </div>

        {records.isPending ? (
          <div className={styles.center}>
            <Spinner label="Loading records..." />
          </div>
        ) : records.error ? (
          <MessageBar intent="error">
            <MessageBarBody>{records.error.message || 'The records could not be loaded.'}</MessageBarBody>
            <MessageBarActions>
              <Button onClick={() => void records.refetch()}>Try again</Button>
            </MessageBarActions>
          </MessageBar>
        ) : rows.length === 0 ? (
          <div className={styles.empty} role="status">
            <p>
              <strong>No records found</strong>
            </p>
            <p>
              {searchTerm || filter !== 'all'
                ? 'No record matches this search or status.'
                : 'Forward pitch-deck emails to your organization’s inbound address (shown on Integration 1), or connect a mailbox and press Scan.'}
            </p>
          </div>
        ) : (
          <div className={styles.tableWrap}>
            <Table aria-label="Processed records">
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>Company</TableHeaderCell>
                  <TableHeaderCell>Sender</TableHeaderCell>
                  <TableHeaderCell>Received</TableHeaderCell>
                  <TableHeaderCell>Status</TableHeaderCell>
                  <TableHeaderCell>Actions</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((record) => {
                  const company = record.extractedData?.companyName?.trim() || UNKNOWN_COMPANY;
                  return (
                    <TableRow key={record.id} data-record-id={record.id}>
                      <TableCell>
                        <div className={styles.company}>
                          <CompanyBadge name={company} />
                          <div className={styles.stack}>
                            <span>{company}</span>
                            <span className={styles.secondary}>
                              {record.extractedData?.industry?.trim() || UNKNOWN_INDUSTRY}
                            </span>
                          </div>
                        </div>
                      </TableCell>
                      <TableCell>
                        <div className={styles.stack}>
                          <span>{record.from || record.fromEmail}</span>
                          <span className={styles.secondary}>{record.fromEmail}</span>
                        </div>
                      </TableCell>
                      <TableCell>{formatReceivedAt(record.receivedAt)}</TableCell>
                      <TableCell>
                        <div className={styles.stack}>
                          <StatusBadge status={record.status} />
                          {record.statusReason ? (
                            <span className={styles.reason}>{record.statusReason}</span>
                          ) : null}
                        </div>
                      </TableCell>
                      <TableCell>
                        <div className={styles.actions}>
                          {record.dealUrl ? (
                            <Tooltip content="View CRM deal" relationship="label">
                              <Button
                                appearance="subtle"
                                icon={<Open20Regular />}
                                disabled={openDeal.isPending}
                                onClick={() => withRecordId(record, (r) => openDeal.mutate(r))}
                              />
                            </Tooltip>
                          ) : null}
                          <Tooltip content="View extracted data" relationship="label">
                            <Button
                              appearance="subtle"
                              icon={<DocumentText20Regular />}
                              onClick={() =>
                                withRecordId(record, (r) => setDialog({ kind: 'extracted', record: r }))
                              }
                            />
                          </Tooltip>
                          {record.canAnalyze ? (
                            <Tooltip content="View AI analysis" relationship="label">
                              <Button
                                appearance="subtle"
                                icon={<Sparkle20Regular />}
                                onClick={() =>
                                  withRecordId(record, (r) => setDialog({ kind: 'analysis', record: r }))
                                }
                              />
                            </Tooltip>
                          ) : null}
                          {canRetry(record.status) ? (
                            <Button
                              appearance="subtle"
                              icon={<ArrowClockwise20Regular />}
                              disabled={retry.isPending && retry.variables === record.id}
                              onClick={() => withRecordId(record, (r) => retry.mutate(r.id))}
                            >
                              Retry
                            </Button>
                          ) : null}
                        </div>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </div>
        )}

        {records.data ? (
          <div className={styles.footer}>
            <span role="status">{formatShowingText(rows.length, total)}</span>
            <div className={styles.pager}>
              <Button disabled>Previous</Button>
              <Button
                disabled={
                  isNextDisabled(rows.length, total) || !records.hasNextPage || records.isFetchingNextPage
                }
                onClick={() => void records.fetchNextPage()}
              >
                {records.isFetchingNextPage ? 'Loading...' : 'Next'}
              </Button>
            </div>
          </div>
        ) : null}
      </Card>

      {dialog?.kind === 'extracted' ? (
        <ExtractedDataDialog record={dialog.record} onClose={closeDialog} />
      ) : null}
      {dialog?.kind === 'deal' ? <DealDialog deal={dialog.deal} onClose={closeDialog} /> : null}
      {dialog?.kind === 'analysis' ? <AnalysisDialog record={dialog.record} onClose={closeDialog} /> : null}
    </div>
  );
}
