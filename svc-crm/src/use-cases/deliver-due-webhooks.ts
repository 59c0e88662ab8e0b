import type { EntityManager } from '@mikro-orm/core';
import { OutboundRefused, type TSecretBox } from '@dealflow/service-kit';
import { Webhook } from 'standardwebhooks';
import { DELIVERY_TIMEOUT_MS, MAX_ATTEMPTS, retryDelayMs } from '../domain/webhook-delivery.js';
import type { WebhookEndpoint } from '../entities/index.js';
import { postWebhook } from '../providers/webhook-sender.js';
import { claimDueDeliveries, type TDueDeliveryRow } from '../repositories/webhook-delivery.queries.js';
import { findEndpointsByIds, recordAttempt } from '../repositories/webhook.repository.js';
import { webhookSecretContext } from './webhook-endpoint-view.js';

/** How many deliveries one run claims, and how long a claim holds (longer than a send may take). */
const BATCH = 20;
const LEASE_MS = 60_000;

type TOutcome = { statusCode: number | null; error: string | null };

async function attempt(
  row: TDueDeliveryRow,
  endpoint: WebhookEndpoint | undefined,
  secretBox: TSecretBox | null,
): Promise<TOutcome> {
  if (!endpoint) return { statusCode: null, error: 'The endpoint was deleted' };
  if (!endpoint.enabled) return { statusCode: null, error: 'The endpoint is disabled' };
  if (!secretBox) return { statusCode: null, error: 'CRM_ENCRYPTION_KEY is not configured' };
  const secret = secretBox.decrypt(endpoint.secretSealed, webhookSecretContext(endpoint.orgId));
  const at = new Date();
  const signature = new Webhook(secret).sign(row.message_id, at, row.payload);
  try {
    const { statusCode } = await postWebhook(
      endpoint.url,
      row.payload,
      {
        'webhook-id': row.message_id,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': signature,
      },
      DELIVERY_TIMEOUT_MS,
    );
    return statusCode >= 200 && statusCode < 300
      ? { statusCode, error: null }
      : { statusCode, error: `The endpoint answered ${statusCode}` };
  } catch (error) {
    if (error instanceof OutboundRefused)
      return { statusCode: null, error: `${error.message} (${error.detail})` };
    throw error;
  }
}

/**
 * The `webhook-deliveries` schedule: claims the due deliveries (SKIP LOCKED), signs and POSTs each, then records
 * the attempt: a 2xx is delivered; anything else waits its backoff (5 s ... 6 h, with jitter) and after the last
 * attempt is failed. A disabled or deleted endpoint fails its deliveries at once.
 */
export async function deliverDueWebhooks(
  fork: () => EntityManager,
  secretBox: TSecretBox | null,
  random: () => number = Math.random,
): Promise<number> {
  const claimed = await fork().transactional((tx) => claimDueDeliveries(tx, BATCH, LEASE_MS));
  if (claimed.length === 0) return 0;
  const endpoints = new Map(
    (await findEndpointsByIds(fork(), [...new Set(claimed.map((r) => r.endpoint_id))])).map((e) => [e.id, e]),
  );
  await Promise.all(
    claimed.map(async (row) => {
      const endpoint = endpoints.get(row.endpoint_id);
      const outcome = await attempt(row, endpoint, secretBox);
      const attempts = row.attempts + 1;
      const gone = !endpoint || !endpoint.enabled || !secretBox;
      const delay = outcome.error === null || gone ? null : retryDelayMs(attempts, random);
      await recordAttempt(fork(), row.id, {
        attempts,
        lastStatusCode: outcome.statusCode,
        lastError: outcome.error?.slice(0, 500) ?? null,
        ...(outcome.error === null
          ? { status: 'delivered', deliveredAt: new Date(), nextAttemptAt: null }
          : delay === null || attempts >= MAX_ATTEMPTS
            ? { status: 'failed', deliveredAt: null, nextAttemptAt: null }
            : { status: 'pending', deliveredAt: null, nextAttemptAt: new Date(Date.now() + delay) }),
      });
    }),
  );
  return claimed.length;
}
