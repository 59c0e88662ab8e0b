/** Why an email waits in `pending`: the organization's decks of this month are used up. */
export const LIMIT_REASON = 'Monthly deck limit reached';

/** First day of the calendar month (UTC) of `now`: the monthly deck allowance resets then. */
export const monthStart = (now = new Date()) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
