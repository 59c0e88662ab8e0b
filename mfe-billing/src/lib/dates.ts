import { differenceInCalendarDays, format, isValid, parseISO } from 'date-fns';

/** The trial banner's four messages (seed 001 section 4). */
export function trialMessage(trialEndsAt: string | null | undefined, now = new Date()): string {
  const end = trialEndsAt ? parseISO(trialEndsAt) : null;
  if (!end || !isValid(end)) return 'You are currently on a free trial.';
  const days = differenceInCalendarDays(end, now);
  if (days > 0)
    return `Your free trial ends in ${days} ${days === 1 ? 'day' : 'days'} (${format(end, 'MMM d, yyyy')}).`;
  if (days === 0) return 'Your free trial ends today. Your subscription begins tomorrow.';
  return 'Your free trial has ended. You will be charged soon.';
}

export const formatDate = (iso: string | null | undefined) => {
  const date = iso ? parseISO(iso) : null;
  return date && isValid(date) ? format(date, 'MMM d, yyyy') : null;
};
