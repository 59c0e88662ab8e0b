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
  trialEnding: 'billing.trial.ending',
  paymentFailed: 'billing.payment.failed',
  emailReceived: 'ingest.email.received',
  deckExtracted: 'ingest.deck.extracted',
  deckProcessed: 'ingest.deck.processed',
  dealCreated: 'crm.deal.created',
  dealRejected: 'crm.deal.rejected',
  recordCorrected: 'ingest.record.corrected',
  integrationChanged: 'ingest.integration.changed',
  ingestIntegrationsChanged: 'ingest.integrations.changed',
  crmIntegrationsChanged: 'crm.integrations.changed',
  commentCreated: 'crm.comment.created',
  forwardingConfirmationReceived: 'ingest.forwarding-confirmation.received',
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
  /**
   * The organization's membership version after the change (identity counts up on every join and removal,
   * under the organization's row lock): a consumer applies a member count only when its version is newer than
   * the one it holds, so a retried or late event never undoes a later one. Optional: events written before it.
   */
  membershipVersion: z.number().int().positive().optional(),
});
export const ZOrganizationDeleted = z.object({ orgId: ZId });
export const ZMemberAdded = z.object({
  orgId: ZId,
  userId: ZId,
  email: z.email(),
  name: z.string(),
  role: ZRole,
  /** Member count after the change: seat sync sets the quantity to it (idempotent; ordered by membershipVersion). */
  memberCount: z.number().int().nonnegative(),
  /**
   * The organization's membership version after the change (identity counts up on every join and removal,
   * under the organization's row lock): a consumer applies a member count only when its version is newer than
   * the one it holds, so a retried or late event never undoes a later one. Optional: events written before it.
   */
  membershipVersion: z.number().int().positive().optional(),
});
export const ZMemberRemoved = z.object({
  orgId: ZId,
  userId: ZId,
  memberCount: z.number().int().nonnegative(),
  /**
   * The organization's membership version after the change (identity counts up on every join and removal,
   * under the organization's row lock): a consumer applies a member count only when its version is newer than
   * the one it holds, so a retried or late event never undoes a later one. Optional: events written before it.
   */
  membershipVersion: z.number().int().positive().optional(),
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
  /** Decks the organization may process this calendar month: plan limit x seats (FREE_MONTHLY_DECK_LIMIT on free). */
  monthlyDeckLimit: z.number().int().nonnegative(),
});
export const ZPurchaseCompleted = z.object({
  orgId: ZId.nullable(),
  userId: ZId,
  checkoutSessionId: z.string(),
  amountTotal: z.number().int().nonnegative(),
  currency: z.string(),
  /** The purchase's signed licence (issue 20): identity's receipt email shows the key and the updates' end. */
  licence: z.object({ licenceKey: z.string(), updatesUntil: z.string() }).optional(),
});

/** Three days before a trial ends (Stripe's customer.subscription.trial_will_end): identity emails the owner. */
export const ZTrialEnding = z.object({
  orgId: ZId,
  plan: ZPlan,
  billingCycle: ZBillingCycle.nullable(),
  trialEndsAt: ZIsoDate,
  /** The first charge at the trial's end, in cents (null when the provider gave no preview). */
  amountDue: z.number().int().nullable(),
  currency: z.string(),
});
/**
 * A charge failed (invoice.payment_failed, one per attempt: the first and each automatic retry): identity
 * emails the owner once per attempt.
 */
export const ZPaymentFailed = z.object({
  orgId: ZId,
  invoiceId: z.string(),
  invoiceNumber: z.string().nullable(),
  amountDue: z.number().int(),
  currency: z.string(),
  status: ZSubscriptionStatus.nullable(),
  /** Stripe's `attempt_count` after this attempt (1 for the first charge). Billing always sets it (optional: older events). */
  attempt: z.number().int().min(1).optional(),
  /** Stripe's `next_payment_attempt`: when the invoice is charged again; null after the last attempt. */
  nextPaymentAttempt: ZIsoDate.nullable().optional(),
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

/** The extracted fields a person can check and correct one by one (contact fields flattened). */
export const EXTRACTED_FIELDS = [
  'companyName',
  'industry',
  'description',
  'website',
  'location',
  'foundedYear',
  'fundingRound',
  'fundingAmount',
  'contactName',
  'contactEmail',
  'contactPhone',
  'contactPosition',
] as const;
export const ZExtractedField = z.enum(EXTRACTED_FIELDS);
export type TExtractedField = z.infer<typeof ZExtractedField>;

/** Where one extracted value came from: the slide (1-based, null when not from the deck), the text, a confidence. */
export const ZFieldEvidence = z.object({
  source: z.enum(['deck', 'email', 'sender', 'subject', 'model']),
  page: z.number().int().positive().nullable(),
  snippet: z.string().max(300).nullable(),
  confidence: z.number().min(0).max(1),
});
export type TFieldEvidence = z.infer<typeof ZFieldEvidence>;
export const ZExtractionProvenance = z.partialRecord(ZExtractedField, ZFieldEvidence);
export type TExtractionProvenance = z.infer<typeof ZExtractionProvenance>;

/** The sections an investor expects in a pitch deck, in their usual order (the offline analysis checks them). */
export const DECK_SECTIONS = [
  'problem',
  'solution',
  'market',
  'product',
  'traction',
  'businessModel',
  'competition',
  'team',
  'financials',
  'ask',
] as const;
export const ZDeckSection = z.enum(DECK_SECTIONS);
export type TDeckSection = z.infer<typeof ZDeckSection>;

/**
 * A compact outline of the deck's text, computed where the deck is read (svc-ingest) so that the offline
 * analysis (svc-crm) needs no deck text: the slide each usual section starts on, and figures found on slides.
 */
export const ZDeckOutline = z.object({
  pageCount: z.number().int().nonnegative(),
  sections: z.array(z.object({ section: ZDeckSection, page: z.number().int().positive() })).max(10),
  keyMetrics: z
    .array(
      z.object({
        label: z.string().max(60),
        value: z.string().max(60),
        page: z.number().int().positive().nullable(),
      }),
    )
    .max(20),
});
export type TDeckOutline = z.infer<typeof ZDeckOutline>;

export const ZDeckExtracted = z.object({
  orgId: ZId,
  emailId: ZId,
  fromEmail: z.string(),
  fromName: z.string().nullable(),
  subject: z.string().nullable(),
  extractedData: ZExtractedData,
  deckLinks: z.array(z.string()),
  /** Absent when no deck file was read (deck links only) and from producers before it existed. */
  outline: ZDeckOutline.optional(),
  /** The founder's email's Message-ID (crm threads replies on it); null or absent when it had none. */
  messageId: z.string().nullable().optional(),
});

/**
 * A person corrected one extracted field of a record: the record's whole corrected data travels, so the CRM
 * applies the latest state whatever order redeliveries come in.
 */
export const ZRecordCorrected = z.object({
  orgId: ZId,
  emailId: ZId,
  field: ZExtractedField,
  extractedData: ZExtractedData,
  correctedBy: ZId,
  correctedAt: ZIsoDate,
});
/**
 * A security-relevant change to an organization's inbound integration (identity records it in the activity
 * log): the IMAP mailbox connected or disconnected, the webhook secret rotated or revealed, the Mailgun
 * signing key set or removed. No credential travels.
 */
export const ZIntegrationChanged = z.object({
  orgId: ZId,
  /** The member who made the change. */
  userId: ZId,
  change: z.enum([
    'mailbox_connected',
    'mailbox_disconnected',
    'webhook_secret_rotated',
    'webhook_secret_revealed',
    'mailgun_key_changed',
    // The inbox (issue 22): a record deleted (its deck and body purged), a sender or domain blocked.
    'record_deleted',
    'sender_blocked',
  ]),
  /** e.g. the mailbox's host and username, or whether a Mailgun key is now set. */
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  changedAt: ZIsoDate,
});

export const ZDeckProcessed = z.object({
  orgId: ZId,
  emailId: ZId,
  /** The organization member the deck is counted against (the mailbox owner or the forwarding user). */
  userId: ZId.nullable(),
  processedAt: ZIsoDate,
  outcome: z.enum(['completed', 'failed', 'not_added_missing_domain']),
  /** For the members' notification emails (added later: older events have neither). */
  companyName: z.string().nullable().optional(),
  statusReason: z.string().nullable().optional(),
  subject: z.string().nullable().optional(),
});
export const ZDealCreated = z.object({
  orgId: ZId,
  emailId: ZId,
  dealId: z.string(),
  companyId: z.string(),
  dealUrl: z.string(),
  provider: z.enum(['builtin', 'affinity']),
  /** For the members' notification emails (added later: older events lack it). */
  companyName: z.string().optional(),
});
export const ZDealRejected = z.object({
  orgId: ZId,
  emailId: ZId,
  reason: z.enum(['missing_domain', 'provider_error']),
  message: z.string(),
});

/**
 * The integrations a plan limit counts (Basic: two): the mailbox (Integration 1) and the accounting connection
 * (Integration 2) live in svc-ingest, the CRM connection (Affinity) in svc-crm.
 */
export const ZIntegrationKind = z.enum(['mailbox', 'accounting', 'crm']);
export type TIntegrationKind = z.infer<typeof ZIntegrationKind>;
/**
 * A service's connected integrations after a connect or disconnect: the whole list, so the latest event wins
 * whatever was lost or redelivered before it. Each service keeps the other's list to count against the plan.
 */
export const ZIntegrationsChanged = z.object({
  orgId: ZId,
  connected: z.array(ZIntegrationKind),
  changedAt: ZIsoDate,
});

/** A comment on a deal (issue 23): the members it @mentions get an email, per their notification settings. */
export const ZCommentCreated = z.object({
  orgId: ZId,
  dealId: z.string(),
  commentId: z.string(),
  authorId: ZId,
  companyName: z.string(),
  text: z.string(),
  mentions: z.array(ZId),
  dealUrl: z.string(),
});

/**
 * Gmail's forwarding-confirmation email reached the organization's inbound address (issue 22): never a record;
 * identity emails the owner the code and Gmail's link (Integration 1 shows them too).
 */
export const ZForwardingConfirmationReceived = z.object({
  orgId: ZId,
  code: z.string(),
  link: z.string(),
  forwarder: z.string().nullable(),
  receivedAt: ZIsoDate,
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
  [Topics.trialEnding]: ZTrialEnding,
  [Topics.paymentFailed]: ZPaymentFailed,
  [Topics.emailReceived]: ZEmailReceived,
  [Topics.deckExtracted]: ZDeckExtracted,
  [Topics.deckProcessed]: ZDeckProcessed,
  [Topics.dealCreated]: ZDealCreated,
  [Topics.dealRejected]: ZDealRejected,
  [Topics.recordCorrected]: ZRecordCorrected,
  [Topics.integrationChanged]: ZIntegrationChanged,
  [Topics.ingestIntegrationsChanged]: ZIntegrationsChanged,
  [Topics.crmIntegrationsChanged]: ZIntegrationsChanged,
  [Topics.commentCreated]: ZCommentCreated,
  [Topics.forwardingConfirmationReceived]: ZForwardingConfirmationReceived,
} as const satisfies Record<TTopic, z.ZodType>;
export type TEventPayload<T extends TTopic> = z.infer<(typeof EventPayloads)[T]>;

/** Producer and consumers of each topic (ARCHITECTURE.md's table; drives the AsyncAPI document). */
export const TopicRoutes: Record<TTopic, { producer: TServiceName; consumers: TServiceName[] }> = {
  [Topics.organizationCreated]: { producer: 'identity', consumers: ['billing', 'ingest', 'crm'] },
  [Topics.organizationDeleted]: { producer: 'identity', consumers: ['billing', 'ingest', 'crm'] },
  [Topics.memberAdded]: { producer: 'identity', consumers: ['billing', 'ingest', 'crm'] },
  [Topics.memberRemoved]: { producer: 'identity', consumers: ['billing', 'ingest', 'crm'] },
  [Topics.userDeleted]: { producer: 'identity', consumers: ['billing', 'ingest'] },
  [Topics.subscriptionChanged]: { producer: 'billing', consumers: ['identity', 'ingest', 'crm'] },
  [Topics.purchaseCompleted]: { producer: 'billing', consumers: ['identity'] },
  [Topics.trialEnding]: { producer: 'billing', consumers: ['identity'] },
  [Topics.paymentFailed]: { producer: 'billing', consumers: ['identity'] },
  [Topics.emailReceived]: { producer: 'ingest', consumers: ['ingest'] },
  [Topics.deckExtracted]: { producer: 'ingest', consumers: ['crm'] },
  [Topics.deckProcessed]: { producer: 'ingest', consumers: ['billing', 'identity'] },
  [Topics.dealCreated]: { producer: 'crm', consumers: ['ingest', 'identity'] },
  [Topics.dealRejected]: { producer: 'crm', consumers: ['ingest'] },
  [Topics.recordCorrected]: { producer: 'ingest', consumers: ['crm'] },
  [Topics.integrationChanged]: { producer: 'ingest', consumers: ['identity'] },
  [Topics.ingestIntegrationsChanged]: { producer: 'ingest', consumers: ['crm'] },
  [Topics.crmIntegrationsChanged]: { producer: 'crm', consumers: ['ingest'] },
  [Topics.commentCreated]: { producer: 'crm', consumers: ['identity'] },
  [Topics.forwardingConfirmationReceived]: { producer: 'ingest', consumers: ['identity'] },
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
