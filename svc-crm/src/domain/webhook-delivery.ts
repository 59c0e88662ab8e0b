import { randomBytes, randomUUID } from 'node:crypto';

/**
 * When a failed delivery is tried again (issue 23 item 5): after 5 s, 30 s, 2 min, 10 min, 1 h, 6 h, each with up
 * to 20% jitter (receivers that went down together are not hit together when they come back); after the last,
 * the delivery is failed. Attempt n (1-based) that failed waits RETRY_DELAYS_MS[n - 1].
 */
export const RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 3_600_000, 21_600_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
export const JITTER = 0.2;

/** The wait after the `attempts`-th failed attempt, or null when no attempt is left. */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number | null {
  const base = RETRY_DELAYS_MS[attempts - 1];
  if (base === undefined) return null;
  return Math.round(base * (1 + JITTER * random()));
}

/** A signing secret as the Standard Webhooks specification shows it: `whsec_` and 24 random bytes, base64. */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/** A `webhook-id`: unique per message, the same on every attempt. */
export const newMessageId = () => `msg_${randomUUID().replaceAll('-', '')}`;

/** How long a receiver has to answer. */
export const DELIVERY_TIMEOUT_MS = 10_000;

/** How often the `webhook-deliveries` schedule looks for due deliveries (the first retry waits 5 s). */
export const WEBHOOK_DELIVERY_EVERY_MS = 1_000;
