import { LockMode, type EntityManager } from '@mikro-orm/core';
import {
  DEFAULT_REPLY_TEMPLATES,
  ReplyTemplateKinds,
  type TReplySettings,
  type TReplyTemplate,
} from '@dealflow/contracts';
import { FounderReplySchema, ReplySettingsSchema, type FounderReply } from '../entities/index.js';

/** The organization's templates (its own once an owner saved them, else the defaults) and the acknowledgement. */
export async function findReplySettings(em: EntityManager, orgId: number): Promise<TReplySettings> {
  const row = await em.findOne(ReplySettingsSchema, { orgId });
  const own = new Map((row?.templates ?? []).map((t) => [t.kind, t]));
  return {
    templates: ReplyTemplateKinds.map(
      (kind): TReplyTemplate => own.get(kind) ?? { kind, ...DEFAULT_REPLY_TEMPLATES[kind] },
    ),
    autoAcknowledge: row?.autoAcknowledge ?? false,
  };
}

export async function saveReplySettings(em: EntityManager, orgId: number, settings: TReplySettings) {
  await em.upsert(ReplySettingsSchema, {
    orgId,
    templates: settings.templates,
    autoAcknowledge: settings.autoAcknowledge,
    updatedAt: new Date(),
  });
}

type TNewFounderReply = Pick<
  FounderReply,
  'orgId' | 'dealId' | 'toEmail' | 'template' | 'subject' | 'body' | 'inReplyTo' | 'sentBy' | 'replyTo'
> &
  Partial<Pick<FounderReply, 'acknowledgedOn' | 'status' | 'sentAt'>>;

export async function createFounderReply(em: EntityManager, input: TNewFounderReply): Promise<FounderReply> {
  const reply = em.create(FounderReplySchema, {
    acknowledgedOn: null,
    status: 'pending',
    sentAt: null,
    ...input,
    toEmail: input.toEmail.toLowerCase(),
    attempts: 0,
    nextAttemptAt: new Date(),
    lastError: null,
    createdAt: new Date(),
  });
  await em.flush();
  return reply;
}

/** Whether the organization already acknowledged this founder address on that day. */
export async function hasAcknowledgedOn(em: EntityManager, orgId: number, toEmail: string, day: string) {
  return (
    (await em.count(FounderReplySchema, { orgId, toEmail: toEmail.toLowerCase(), acknowledgedOn: day })) > 0
  );
}

/** Due automatic acknowledgements, oldest first, claimed FOR UPDATE SKIP LOCKED (replicas share them). */
export function claimDueFounderReplies(em: EntityManager, limit: number): Promise<FounderReply[]> {
  return em.find(
    FounderReplySchema,
    { status: 'pending', nextAttemptAt: { $lte: new Date() } },
    { orderBy: { id: 'asc' }, limit, lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE },
  );
}

export async function updateFounderReplyOutcome(
  em: EntityManager,
  reply: FounderReply,
  outcome: { sent: true } | { sent: false; error: string; retryAt: Date | null },
) {
  reply.attempts += 1;
  if (outcome.sent) {
    reply.status = 'sent';
    reply.sentAt = new Date();
    reply.lastError = null;
  } else {
    reply.status = outcome.retryAt ? 'pending' : 'failed';
    if (outcome.retryAt) reply.nextAttemptAt = outcome.retryAt;
    reply.lastError = outcome.error.slice(0, 500);
  }
  await em.flush();
}

export async function deleteFounderRepliesOf(em: EntityManager, orgId: number) {
  await em.nativeDelete(FounderReplySchema, { orgId });
  await em.nativeDelete(ReplySettingsSchema, { orgId });
}
