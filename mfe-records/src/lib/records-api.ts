// The records screens' types, the list's query and the download links. Calls go to the typed client directly
// (`useQuery(api.ingest.mailbox.queryOptions())`, `mutationFn: (id) => api.ingest.retryEmail({ params: { id } })`).
import type { z } from 'zod';
import type {
  ZAccountingSettings,
  ZAccountingSyncLog,
  ZAccountingSyncRun,
  ZAnalysis,
  ZDeal,
  ZEmailList,
  ZEmailRecord,
  ZMailboxConnectBody,
  ZMailboxSettings,
  ZMailboxStatus,
  ZScanResult,
  ZUsage,
} from '@dealflow/contracts';
/** Seed 001 section 9: records page size (contracts' RECORDS_PAGE_SIZE; kept here to keep zod out of the bundle). */
export const RECORDS_PAGE_SIZE = 10;
import { ApiError } from '@dealflow/web-kit';
import { api, buildUrl, type TRouteInput } from '@dealflow/contracts/client';
import type { ingestRoutes } from '@dealflow/contracts';

export type TEmailRecord = z.infer<typeof ZEmailRecord>;
export type TEmailList = z.infer<typeof ZEmailList>;
export type TDeal = z.infer<typeof ZDeal>;
export type TAnalysis = z.infer<typeof ZAnalysis>;
export type TMailboxStatus = z.infer<typeof ZMailboxStatus>;
export type TMailboxConnectBody = z.input<typeof ZMailboxConnectBody>;
export type TMailboxSettings = z.infer<typeof ZMailboxSettings>;
export type TAccountingSettings = z.infer<typeof ZAccountingSettings>;
export type TAccountingUpdate = Partial<
  Omit<TAccountingSettings, 'lastSyncAt' | 'tenantName'> & { clientSecret: string }
>;
export type TAccountingSyncRun = z.infer<typeof ZAccountingSyncRun>;
export type TAccountingSyncLog = z.infer<typeof ZAccountingSyncLog>;
export type TUsage = z.infer<typeof ZUsage>;
export type TScanResult = z.infer<typeof ZScanResult>;
type TListQuery = NonNullable<TRouteInput<typeof ingestRoutes.listEmails>['query']>;

/** The list's filters besides status and search (issue 22): each left out of the query when blank. */
export interface TInboxFilters {
  view?: 'inbox' | 'archived' | 'all';
  industry?: string;
  fundingRound?: string;
  location?: string;
  receivedFrom?: string;
  receivedTo?: string;
  ownerId?: number;
}
export const INBOX_FILTER_KEYS = [
  'view',
  'industry',
  'fundingRound',
  'location',
  'receivedFrom',
  'receivedTo',
  'ownerId',
] as const;

export interface TEmailListParams extends TInboxFilters {
  page: number;
  limit?: number;
  filter?: string;
  searchTerm?: string;
}

/** The filters as query values, blank ones (and the default inbox view) left out. */
export function inboxFilterQuery(filters: TInboxFilters) {
  const out: Record<string, string | number> = {};
  for (const key of INBOX_FILTER_KEYS) {
    const value = filters[key];
    if (value === undefined || value === '' || (key === 'view' && value === 'inbox')) continue;
    out[key] = typeof value === 'string' ? value.trim() : value;
  }
  return out;
}

/** The list query in the order the seed's client sends it; a blank search term is left out. */
export function listEmailsQuery({
  page,
  limit = RECORDS_PAGE_SIZE,
  filter = 'all',
  searchTerm,
  ...filters
}: TEmailListParams): TListQuery {
  return {
    page,
    limit,
    filter,
    searchTerm: searchTerm?.trim() || undefined,
    ...inboxFilterQuery(filters),
  } as TListQuery;
}

export type TBulkAction = TRouteInput<typeof ingestRoutes.bulkEmails>['body']['action'];
/** The CSV export of the list as filtered: a download, so a link rather than a fetch. */
export const exportEmailsUrl = (params: Omit<TEmailListParams, 'page' | 'limit'>): string => {
  const { filter = 'all', searchTerm, ...filters } = params;
  return buildUrl(api.ingest.exportEmails.path, {
    query: { filter, searchTerm: searchTerm?.trim() || undefined, ...inboxFilterQuery(filters) },
  });
};

/** One sync's export (what was sent to Xero): a download, so a link rather than a fetch. */
export const accountingSyncExportUrl = (runId: number): string =>
  buildUrl(api.ingest.accountingSyncExport.path, { params: { id: runId } });

/** The server's message when there is one, else the given default (seed 001 section 8). */
export const errorText = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.message ? error.message : fallback;

export type TCorrection = TRouteInput<typeof ingestRoutes.correctField>['body'];
export type TExtractedField = TCorrection['field'];
