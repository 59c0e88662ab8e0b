import { format } from 'date-fns';
import { ApiError } from '@dealflow/web-kit';

/** Seed 001 section 9: dates read 'MMM d, yyyy'. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : format(date, 'MMM d, yyyy');
}

export const roleLabel = (role: string): string => (role === 'owner' ? 'Owner' : 'Member');

/** The server's message when present (seed 001 section 8), otherwise the toast's default text. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status > 0 && error.message) return error.message;
  return fallback;
}

/** Invited and added members are seats: the dialogs say so (seed 001, Team Members). */
export const BILLING_NOTICE =
  'Invited members are billed on a non-free plan: each member adds one seat to your subscription, prorated from the day they join.';
export const REMOVAL_BILLING_NOTICE =
  'Members are billed on a non-free plan: removing this member frees one seat and lowers your subscription from the next invoice.';
