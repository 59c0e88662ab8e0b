// The records, CRM and integration calls of this remote, typed from the contracts (one place to change a path).
import type { z } from 'zod';
import type {
  ZAccountingSettings,
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
import { ApiError, apiRequest } from '@dealflow/web-kit';

export type TEmailRecord = z.infer<typeof ZEmailRecord>;
export type TEmailList = z.infer<typeof ZEmailList>;
export type TDeal = z.infer<typeof ZDeal>;
export type TAnalysis = z.infer<typeof ZAnalysis>;
export type TMailboxStatus = z.infer<typeof ZMailboxStatus>;
export type TMailboxConnectBody = z.input<typeof ZMailboxConnectBody>;
export type TMailboxSettings = z.infer<typeof ZMailboxSettings>;
export type TAccountingSettings = z.infer<typeof ZAccountingSettings>;
export type TAccountingUpdate = Partial<Omit<TAccountingSettings, 'lastSyncAt'> & { clientSecret: string }>;
export type TUsage = z.infer<typeof ZUsage>;
export type TScanResult = z.infer<typeof ZScanResult>;

export const EMAILS_PATH = '/api/emails';
export const USAGE_PATH = '/api/stripe/usage';
export const MAILBOX_PATH = '/api/integrations/mailbox';
export const ACCOUNTING_PATH = '/api/integrations/accounting';

export interface TEmailListParams {
  page: number;
  limit?: number;
  filter?: string;
  searchTerm?: string;
}

export function listEmailsPath({
  page,
  limit = RECORDS_PAGE_SIZE,
  filter = 'all',
  searchTerm,
}: TEmailListParams): string {
  const query = new URLSearchParams({ page: String(page), limit: String(limit), filter });
  if (searchTerm?.trim()) query.set('searchTerm', searchTerm.trim());
  return `${EMAILS_PATH}?${query.toString()}`;
}

export const listEmails = (params: TEmailListParams, signal?: AbortSignal) =>
  apiRequest<TEmailList>('GET', listEmailsPath(params), undefined, { signal });
export const retryEmail = (id: number) => apiRequest<TEmailRecord>('POST', `${EMAILS_PATH}/${id}/retry`, {});
export const scanEmails = () => apiRequest<TScanResult>('POST', `${EMAILS_PATH}/scan`, {});
export const getDealByEmail = (emailId: number) => apiRequest<TDeal>('GET', `/api/deals/by-email/${emailId}`);
export const getDeal = (dealId: string) =>
  apiRequest<TDeal>('GET', `/api/deals/${encodeURIComponent(dealId)}`);
export const analyzeRecord = (emailId: number) =>
  apiRequest<TAnalysis>('POST', `/api/analysis/${emailId}`, {});

export const getMailbox = () => apiRequest<TMailboxStatus>('GET', MAILBOX_PATH);
export const testMailbox = (body: TMailboxConnectBody) =>
  apiRequest<{ success: true; message: string }>('POST', `${MAILBOX_PATH}/test`, body);
export const connectMailbox = (body: TMailboxConnectBody) =>
  apiRequest<TMailboxStatus>('POST', MAILBOX_PATH, body);
export const updateMailboxSettings = (body: Partial<TMailboxSettings>) =>
  apiRequest<TMailboxStatus>('PATCH', `${MAILBOX_PATH}/settings`, body);
export const disconnectMailbox = () => apiRequest<TMailboxStatus>('DELETE', MAILBOX_PATH);

export const getAccounting = () => apiRequest<TAccountingSettings>('GET', ACCOUNTING_PATH);
export const updateAccounting = (body: TAccountingUpdate) =>
  apiRequest<TAccountingSettings>('PUT', ACCOUNTING_PATH, body);

export const getUsage = () => apiRequest<TUsage>('GET', USAGE_PATH);

/** The server's message when there is one, else the given default (seed 001 section 8). */
export const errorText = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.message ? error.message : fallback;
