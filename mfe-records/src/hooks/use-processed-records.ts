// The Processed Records page's server state: the paged list (refreshing itself while records are in flight),
// and the Retry and Scan actions with their toasts.
import { useMemo } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@dealflow/contracts/client';
import { ApiError, toast } from '@dealflow/web-kit';
import {
  RECORDS_PAGE_SIZE,
  listEmailsQuery,
  type TEmailList,
  type TEmailListParams,
  type TEmailRecord,
} from '../lib/records-api.js';

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

/** The list of records for the status filter, search term and inbox filters, pages appended by "Next". */
export function useProcessedRecords(params: Omit<TEmailListParams, 'page' | 'limit'>) {
  const queryClient = useQueryClient();
  const records = useInfiniteQuery({
    queryKey: [...api.ingest.listEmails.key(), 'list', params],
    queryFn: ({ pageParam, signal }) =>
      api.ingest.listEmails(
        { query: listEmailsQuery({ ...params, page: pageParam, limit: RECORDS_PAGE_SIZE }) },
        { signal },
      ),
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

  const refreshList = () => queryClient.invalidateQueries({ queryKey: api.ingest.listEmails.key() });

  const retry = useMutation({
    mutationFn: (id: number) => api.ingest.retryEmail({ params: { id } }),
    onSuccess: () => {
      toast({ ...RecordToasts.retryStarted, variant: 'success' });
      void refreshList();
    },
    onError: () => toast({ ...RecordToasts.retryFailed, variant: 'error' }),
  });

  const scan = useMutation({
    mutationFn: () => api.ingest.scan(),
    onSuccess: (result) => {
      toast({ ...RecordToasts.synced, description: result.message, variant: 'success' });
      void refreshList();
    },
    onError: (error) =>
      toast({ title: RecordToasts.syncFailed.title, description: scanErrorText(error), variant: 'error' }),
  });

  return { records, rows, total, retry, scan };
}
