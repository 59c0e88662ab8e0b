// Seed 001 section 9 and section 4: initials, badge colours, dates, statuses and paging text of the records page.
import { format, isSameDay, subDays } from 'date-fns';
import type { TRecordStatus } from '@dealflow/contracts';

export const UNKNOWN_COMPANY = 'Unknown Company';
export const UNKNOWN_INDUSTRY = 'Unknown industry';

/** First two letters of a one-word name, or the first letters of the first two words. */
export function getCompanyInitials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  if (words.length === 1) return words[0]!.slice(0, 2).toUpperCase();
  return `${words[0]![0]}${words[1]![0]}`.toUpperCase();
}

/** The five badge colours (Fluent palette names with their hex for the avatar-like badge). */
export const COMPANY_BADGE_COLORS = [
  { name: 'blue', background: '#dbeafe', foreground: '#1e40af' },
  { name: 'green', background: '#dcfce7', foreground: '#166534' },
  { name: 'purple', background: '#f3e8ff', foreground: '#6b21a8' },
  { name: 'orange', background: '#ffedd5', foreground: '#9a3412' },
  { name: 'pink', background: '#fce7f3', foreground: '#9d174d' },
] as const;
export type TCompanyBadgeColor = (typeof COMPANY_BADGE_COLORS)[number];

/** One of five colours, chosen by the sum of the name's character codes (stable per company). */
export function getCompanyBadgeColor(name: string | null | undefined): TCompanyBadgeColor {
  const text = name ?? '';
  let sum = 0;
  for (let i = 0; i < text.length; i++) sum += text.charCodeAt(i);
  return COMPANY_BADGE_COLORS[sum % COMPANY_BADGE_COLORS.length]!;
}

/** 'Today, 3:04 PM', 'Yesterday, 9:00 AM' or 'Mar 5, 3:04 PM'. */
export function formatReceivedAt(value: string | Date, now: Date = new Date()): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const time = format(date, 'h:mm a');
  if (isSameDay(date, now)) return `Today, ${time}`;
  if (isSameDay(date, subDays(now, 1))) return `Yesterday, ${time}`;
  return `${format(date, 'MMM d')}, ${time}`;
}

export type TBadgeColor = 'success' | 'informative' | 'danger' | 'warning' | 'subtle';

/** completed -> Completed, processing -> Processing, failed -> Failed, not_added_missing_domain -> Missing Domain, else Pending. */
export function getStatusBadge(status: string): { label: string; color: TBadgeColor } {
  switch (status) {
    case 'completed':
      return { label: 'Completed', color: 'success' };
    case 'processing':
      return { label: 'Processing', color: 'informative' };
    case 'failed':
      return { label: 'Failed', color: 'danger' };
    case 'not_added_missing_domain':
      return { label: 'Missing Domain', color: 'warning' };
    default:
      return { label: 'Pending', color: 'subtle' };
  }
}

/** Retry is offered only for failed and not_added_missing_domain records. */
export const canRetry = (status: TRecordStatus | string): boolean =>
  status === 'failed' || status === 'not_added_missing_domain';

export const RECORD_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'completed', label: 'Completed' },
  { value: 'processing', label: 'Processing' },
  { value: 'failed', label: 'Failed' },
  { value: 'pending', label: 'Pending' },
  { value: 'not_added_missing_domain', label: 'Missing Domain' },
] as const;

export const formatShowingText = (shown: number, total: number): string =>
  `Showing ${Math.min(shown, total)} of ${total} results`;

/** Next is disabled once everything is shown; Previous always is (load-more paging). */
export const isNextDisabled = (shown: number, total: number): boolean => shown >= total;

/** Below this confidence an extracted value is flagged "check this" in the Extracted Data dialog. */
export const LOW_CONFIDENCE = 0.5;
