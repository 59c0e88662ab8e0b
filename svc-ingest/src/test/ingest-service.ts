import { randomBytes } from 'node:crypto';
import { Topics, type TPlan, type TRole, type TTopic } from '@dealflow/contracts';
import { startServiceForTest, waitFor } from '@dealflow/service-kit/testing';
import { buildApp } from '../app.js';
import { loadServiceConfig } from '../config.js';
import type { TExtractor } from '../domain/extraction/extractor.js';
import type { TIngestOverrides } from '../deps.js';

/** svc-ingest as it runs (the kit's startServiceForTest), with an encryption key and the inbound domain in.test. */
export async function startIngest(
  options: {
    env?: Record<string, string>;
    extractor?: TExtractor;
    collect?: TTopic[];
    outbound?: TIngestOverrides['outbound'];
  } = {},
) {
  const t = await startServiceForTest({
    name: 'ingest',
    loadConfig: loadServiceConfig,
    build: (config) => buildApp(config, { extractor: options.extractor, outbound: options.outbound }),
    ...(options.collect ? { collect: options.collect } : {}),
    env: {
      MAILBOX_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      INBOUND_MAIL_DOMAIN: 'in.test',
      ...options.env,
    },
  });
  /** Organization orgId as identity (and billing) announce it; resolves once ingest has its inbound address. */
  async function createOrganization(orgId: number, opts: { plan?: TPlan; monthlyDeckLimit?: number } = {}) {
    await t.bus!.publish(Topics.organizationCreated, {
      orgId,
      name: `Fund ${orgId} Capital`,
      ownerId: orgId * 100,
      ownerEmail: `owner${orgId}@fund.test`,
      ownerName: `Owner ${orgId}`,
      plan: opts.plan ?? 'basic',
      billingCycle: 'monthly',
      memberCount: 1,
    });
    if (opts.plan || opts.monthlyDeckLimit !== undefined) {
      await t.bus!.publish(Topics.subscriptionChanged, {
        orgId,
        plan: opts.plan ?? 'basic',
        billingCycle: 'monthly',
        status: 'active',
        seats: 1,
        trialEndsAt: null,
        currentPeriodEnd: null,
        cancelAtPeriodEnd: false,
        stripeCustomerId: null,
        stripeSubscriptionId: null,
        monthlyDeckLimit: opts.monthlyDeckLimit ?? 100,
      });
    }
    const inbound = await waitFor(
      async () => {
        const res = await t.app.inject({
          method: 'GET',
          url: `/internal/organizations/${orgId}/inbound`,
          headers: t.internalHeaders,
        });
        if (res.statusCode !== 200) return null;
        if (opts.plan) {
          const [org] = await t.query<{ plan: string }>('SELECT plan FROM organizations WHERE id = ?', [
            orgId,
          ]);
          if (org?.plan !== opts.plan) return null;
        }
        return res.json() as { inboundAddress: string; webhookSecret: string };
      },
      { timeoutMs: 30_000 },
    );
    return { address: inbound!.inboundAddress, secret: inbound!.webhookSecret };
  }
  return {
    ...t,
    createOrganization,
    /** A raw RFC 822 message posted to the mail webhook with the inbox's secret, as a mail provider would. */
    postMail: (inbox: { secret: string }, raw: string | Buffer) =>
      t.app.inject({
        method: 'POST',
        url: '/webhooks/mail',
        payload: raw,
        headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${inbox.secret}` },
      }),
    /** A user of organization orgId as the gateway would present them (its owner is user orgId * 100). */
    headersFor: (orgId: number, role: TRole = 'owner', userId = orgId * 100) =>
      t.headers({ userId, orgId, role }),
  };
}
export type TIngestTest = Awaited<ReturnType<typeof startIngest>>;

/** A counting wrapper: how many extractions really ran. */
export function countingExtractor(inner: TExtractor): TExtractor & { calls: number } {
  const counting = {
    name: inner.name,
    calls: 0,
    async extract(input: Parameters<TExtractor['extract']>[0]) {
      counting.calls++;
      return inner.extract(input);
    },
  };
  return counting;
}
