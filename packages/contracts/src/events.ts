import { z } from 'zod';
import { ZBillingCycle, ZId, ZIsoDate, ZPlan, ZRole, ZSubscriptionStatus } from './common.js';

/**
 * Topic names: `<service>.<entity>.<past-tense>` (ARCHITECTURE.md). Key = orgId so one organization's
 * events stay in order.
 */
export const Topics = {
  organizationCreated: 'identity.organization.created',
  organizationDeleted: 'identity.organization.deleted',
  memberAdded: 'identity.member.added',
  memberRemoved: 'identity.member.removed',
  userDeleted: 'identity.user.deleted',
  subscriptionChanged: 'billing.subscription.changed',
  purchaseCompleted: 'billing.purchase.completed',
  emailReceived: 'ingest.email.received',
  deckExtracted: 'ingest.deck.extracted',
  deckProcessed: 'ingest.deck.processed',
  dealCreated: 'crm.deal.created',
  dealRejected: 'crm.deal.rejected',
} as const;
export type TTopic = (typeof Topics)[keyof typeof Topics];

/** Dead-letter topic of a consuming service: where an event lands after its retries are spent. */
export const deadLetterTopic = (service: string) => `${service}.event.dead-lettered`;
export const SERVICES = ['identity', 'billing', 'ingest', 'crm'] as const;
export type TServiceName = (typeof SERVICES)[number];

export const ZOrganizationCreated = z.object({
  orgId: ZId,
  name: z.string(),
  ownerId: ZId,
  ownerEmail: z.email(),
  ownerName: z.string(),
  plan: ZPlan,
  billingCycle: ZBillingCycle.nullable(),
  memberCount: z.number().int().nonnegative(),
});
export const ZOrganizationDeleted = z.object({ orgId: ZId });
export const ZMemberAdded = z.object({
  orgId: ZId,
  userId: ZId,
  email: z.email(),
  name: z.string(),
  role: ZRole,
  /** Member count after the change: seat sync sets the quantity to it (idempotent, order-safe). */
  memberCount: z.number().int().nonnegative(),
});
export const ZMemberRemoved = z.object({
  orgId: ZId,
  userId: ZId,
  memberCount: z.number().int().nonnegative(),
});
export const ZUserDeleted = z.object({ userId: ZId, orgId: ZId.nullable() });

export const ZSubscriptionChanged = z.object({
  orgId: ZId,
  plan: ZPlan,
  billingCycle: ZBillingCycle.nullable(),
  status: ZSubscriptionStatus,
  seats: z.number().int().nonnegative(),
  trialEndsAt: ZIsoDate.nullable(),
  currentPeriodEnd: ZIsoDate.nullable(),
  cancelAtPeriodEnd: z.boolean(),
  stripeCustomerId: z.string().nullable(),
  stripeSubscriptionId: z.string().nullable(),
  /** Decks the organization may process this calendar month: plan limit x seats (0 on free). */
  monthlyDeckLimit: z.number().int().nonnegative(),
});
export const ZPurchaseCompleted = z.object({
  orgId: ZId.nullable(),
  userId: ZId,
  checkoutSessionId: z.string(),
  amountTotal: z.number().int().nonnegative(),
  currency: z.string(),
});

export const ZEmailReceived = z.object({
  orgId: ZId,
  emailId: ZId,
  messageId: z.string().nullable(),
  fromEmail: z.string(),
  receivedAt: ZIsoDate,
});

export const ZExtractedData = z.object({
  companyName: z.string().nullable(),
  industry: z.string().nullable(),
  description: z.string().nullable(),
  website: z.string().nullable(),
  location: z.string().nullable(),
  foundedYear: z.number().int().nullable(),
  fundingRound: z.string().nullable(),
  fundingAmount: z.string().nullable(),
  metrics: z.record(z.string(), z.string()),
  contactInfo: z.object({
    name: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    position: z.string().nullable(),
  }),
});
export type TExtractedData = z.infer<typeof ZExtractedData>;

export const ZDeckExtracted = z.object({
  orgId: ZId,
  emailId: ZId,
  fromEmail: z.string(),
  fromName: z.string().nullable(),
  subject: z.string().nullable(),
  extractedData: ZExtractedData,
  deckLinks: z.array(z.string()),
});
export const ZDeckProcessed = z.object({
  orgId: ZId,
  emailId: ZId,
  /** The organization member the deck is counted against (the mailbox owner or the forwarding user). */
  userId: ZId.nullable(),
  processedAt: ZIsoDate,
  outcome: z.enum(['completed', 'failed', 'not_added_missing_domain']),
});
export const ZDealCreated = z.object({
  orgId: ZId,
  emailId: ZId,
  dealId: z.string(),
  companyId: z.string(),
  dealUrl: z.string(),
  provider: z.enum(['builtin', 'affinity']),
});
export const ZDealRejected = z.object({
  orgId: ZId,
  emailId: ZId,
  reason: z.enum(['missing_domain', 'provider_error']),
  message: z.string(),
});

/** Payload schema of each topic. */
export const EventPayloads = {
  [Topics.organizationCreated]: ZOrganizationCreated,
  [Topics.organizationDeleted]: ZOrganizationDeleted,
  [Topics.memberAdded]: ZMemberAdded,
  [Topics.memberRemoved]: ZMemberRemoved,
  [Topics.userDeleted]: ZUserDeleted,
  [Topics.subscriptionChanged]: ZSubscriptionChanged,
  [Topics.purchaseCompleted]: ZPurchaseCompleted,
  [Topics.emailReceived]: ZEmailReceived,
  [Topics.deckExtracted]: ZDeckExtracted,
  [Topics.deckProcessed]: ZDeckProcessed,
  [Topics.dealCreated]: ZDealCreated,
  [Topics.dealRejected]: ZDealRejected,
} as const satisfies Record<TTopic, z.ZodType>;
export type TEventPayload<T extends TTopic> = z.infer<(typeof EventPayloads)[T]>;

/** Producer and consumers of each topic (ARCHITECTURE.md's table; drives the AsyncAPI document). */
export const TopicRoutes: Record<TTopic, { producer: TServiceName; consumers: TServiceName[] }> = {
  [Topics.organizationCreated]: { producer: 'identity', consumers: ['billing', 'ingest', 'crm'] },
  [Topics.organizationDeleted]: { producer: 'identity', consumers: ['billing', 'ingest', 'crm'] },
  [Topics.memberAdded]: { producer: 'identity', consumers: ['billing', 'ingest'] },
  [Topics.memberRemoved]: { producer: 'identity', consumers: ['billing', 'ingest'] },
  [Topics.userDeleted]: { producer: 'identity', consumers: ['billing', 'ingest'] },
  [Topics.subscriptionChanged]: { producer: 'billing', consumers: ['identity', 'ingest', 'crm'] },
  [Topics.purchaseCompleted]: { producer: 'billing', consumers: ['identity'] },
  [Topics.emailReceived]: { producer: 'ingest', consumers: ['ingest'] },
  [Topics.deckExtracted]: { producer: 'ingest', consumers: ['crm'] },
  [Topics.deckProcessed]: { producer: 'ingest', consumers: ['billing'] },
  [Topics.dealCreated]: { producer: 'crm', consumers: ['ingest'] },
  [Topics.dealRejected]: { producer: 'crm', consumers: ['ingest'] },
};

export const ZEnvelope = z.object({
  id: z.uuid(),
  type: z.string(),
  version: z.number().int().positive(),
  occurredAt: ZIsoDate,
  orgId: z.string(),
  actorId: z.string().optional(),
  /**
   * W3C trace context of the span that wrote the event (the outbox keeps it), so the consumer's span
   * continues the producer's trace even when a hop drops the Kafka header. Not pattern-checked: a
   * malformed value is ignored by the propagator, it must never turn the event into a dead letter.
   */
  traceparent: z.string().max(256).optional(),
  data: z.unknown(),
});
export type TEnvelope<T = unknown> = Omit<z.infer<typeof ZEnvelope>, 'data'> & { data: T };

export const ZDeadLettered = z.object({
  topic: z.string(),
  consumer: z.string(),
  attempts: z.number().int(),
  error: z.string(),
  event: ZEnvelope,
});

/** Typed envelope for a topic. */
export type TEventOf<T extends TTopic> = TEnvelope<TEventPayload<T>>;
