// The records, CRM and integration calls of this remote, through the typed client (@dealflow/contracts/client).
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

/** Query keys from the typed client: a prefix of every list query, then the other answers each page keeps. */
export const EMAILS_KEY = api.ingest.listEmails.key();
export const USAGE_KEY = api.billing.usage.key();
export const MAILBOX_KEY = api.ingest.mailbox.key();
export const ACCOUNTING_KEY = api.ingest.accounting.key();
export const ACCOUNTING_SYNC_LOG_KEY = api.ingest.accountingSyncLog.key();

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
}: TEmailListParams) {
  return {
    page,
    limit,
    filter,
    searchTerm: searchTerm?.trim() || undefined,
    ...inboxFilterQuery(filters),
  };
}

export const archiveEmail = (id: number) => api.ingest.archiveEmail({ params: { id } });
export const unarchiveEmail = (id: number) => api.ingest.unarchiveEmail({ params: { id } });
export const deleteEmail = (id: number) => api.ingest.deleteEmail({ params: { id } });
export type TBulkAction = TRouteInput<typeof ingestRoutes.bulkEmails>['body']['action'];
export const bulkEmails = (action: TBulkAction, ids: number[]) => api.ingest.bulkEmails({ action, ids });
export const markNotADeck = (id: number, block: 'none' | 'sender' | 'domain') =>
  api.ingest.markNotADeck({ params: { id }, body: { block } });
/** The CSV export of the list as filtered: a download, so a link rather than a fetch. */
export const exportEmailsUrl = (params: Omit<TEmailListParams, 'page' | 'limit'>): string => {
  const { filter = 'all', searchTerm, ...filters } = params;
  return buildUrl(api.ingest.exportEmails.path, {
    query: { filter, searchTerm: searchTerm?.trim() || undefined, ...inboxFilterQuery(filters) },
  });
};
export const BLOCKED_SENDERS_KEY = api.ingest.blockedSenders.key();
export const getBlockedSenders = () => api.ingest.blockedSenders();
export const unblockSender = (id: number) => api.ingest.unblockSender({ params: { id } });

export const listEmails = (params: TEmailListParams, signal?: AbortSignal): Promise<TEmailList> =>
  api.ingest.listEmails({ query: listEmailsQuery(params) as TListQuery }, { signal });
export const retryEmail = (id: number) => api.ingest.retryEmail({ params: { id } });
export const scanEmails = () => api.ingest.scan();
export const getDealByEmail = (emailId: number) => api.crm.getDeal({ params: { id: emailId } });
export const getDeal = (dealId: string) => api.crm.getDealById({ params: { id: dealId } });
export const analyzeRecord = (emailId: number) => api.crm.analysis({ params: { id: emailId } });

export const getMailbox = () => api.ingest.mailbox();
export const testMailbox = (body: TMailboxConnectBody) => api.ingest.mailboxTest(body);
export const connectMailbox = (body: TMailboxConnectBody) => api.ingest.mailboxConnect(body);
export const updateMailboxSettings = (body: Partial<TMailboxSettings>) => api.ingest.mailboxSettings(body);
export const disconnectMailbox = () => api.ingest.mailboxDisconnect();

export const getAccounting = () => api.ingest.accounting();
export const updateAccounting = (body: TAccountingUpdate) => api.ingest.accountingUpdate(body);
export const getAccountingSyncLog = () => api.ingest.accountingSyncLog();
export const startAccountingSync = (data: 'all' | 'customers') => api.ingest.accountingSync({ data });
/** One sync's export (what was sent to Xero): a download, so a link rather than a fetch. */
export const accountingSyncExportUrl = (runId: number): string =>
  buildUrl(api.ingest.accountingSyncExport.path, { params: { id: runId } });

export const getUsage = () => api.billing.usage();

/** The server's message when there is one, else the given default (seed 001 section 8). */
export const errorText = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.message ? error.message : fallback;

export type TCorrection = TRouteInput<typeof ingestRoutes.correctField>['body'];
export type TExtractedField = TCorrection['field'];
export const correctField = (id: number, body: TCorrection) =>
  api.ingest.correctField({ params: { id }, body });
export const PIPELINE_KEY = api.ingest.pipeline.key();
export const getPipeline = () => api.ingest.pipeline();
