import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { TIntegrationKind, TPlan } from '@dealflow/contracts';
import type { TSecretBox } from '@dealflow/service-kit';
import { orgCredential } from '../domain/crypto/credentials.js';
import { OrganizationSchema, type Organization } from '../entities/organization.js';

export const slugify = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 30)
    .replace(/-+$/, '') || 'org';

export const inboundAddress = (org: Pick<Organization, 'slug' | 'inboundToken'>, domain: string) =>
  `${org.slug}-${org.inboundToken}@${domain}`;

/** What a webhook secret is looked up by: its sha256, hex (the secret is 256 random bits: no salt needed). */
export const hashWebhookSecret = (secret: string) =>
  createHash('sha256').update(secret, 'utf8').digest('hex');

/**
 * The stored columns of a webhook secret: its hash, and the secret sealed for this organization. Without an
 * encryption key (MAILBOX_ENCRYPTION_KEY, warned at boot) it stays in plaintext until a key is configured.
 */
export function webhookSecretColumns(orgId: number, secret: string, secretBox: TSecretBox | null) {
  return {
    webhookSecretHash: hashWebhookSecret(secret),
    webhookSecretEnc: secretBox ? orgCredential(secretBox, orgId, 'webhook-secret').seal(secret) : null,
    webhookSecretPlain: secretBox ? null : secret,
  };
}

/** The organization's webhook secret itself (the HMAC check, the owner's reveal, our own tools). */
export function openWebhookSecret(
  org: Pick<Organization, 'id' | 'webhookSecretEnc' | 'webhookSecretPlain'>,
  secretBox: TSecretBox | null,
): string {
  if (org.webhookSecretEnc)
    return orgCredential(secretBox, org.id, 'webhook-secret').open(org.webhookSecretEnc);
  if (org.webhookSecretPlain === null) throw new Error(`organization ${org.id} has no webhook secret`);
  return org.webhookSecretPlain;
}

const newWebhookSecret = () => randomBytes(32).toString('base64url');

/**
 * Creates the organization's read-model row with its inbound address token and webhook secret, or
 * updates its name/owner. Events of different topics are not ordered, so any of them may create it first:
 * one INSERT ... ON CONFLICT, so two of them at once never collide.
 */
export async function upsertOrganization(
  em: EntityManager,
  input: { id: number; name?: string; ownerId?: number | null },
  secretBox: TSecretBox | null,
) {
  const name = input.name ?? `Organization ${input.id}`;
  const merge: ('name' | 'slug' | 'ownerId')[] = [
    ...(input.name !== undefined ? (['name', 'slug'] as const) : []),
    ...(input.ownerId != null ? (['ownerId'] as const) : []),
  ];
  await em.upsert(
    OrganizationSchema,
    {
      id: input.id,
      name,
      slug: slugify(name),
      inboundToken: randomBytes(6).toString('hex'),
      ...webhookSecretColumns(input.id, newWebhookSecret(), secretBox),
      ownerId: input.ownerId ?? null,
      createdAt: new Date(),
    },
    merge.length > 0
      ? { onConflictFields: ['id'], onConflictAction: 'merge', onConflictMergeFields: merge }
      : { onConflictFields: ['id'], onConflictAction: 'ignore' },
  );
}

export const findOrganization = (em: EntityManager, id: number) => em.findOne(OrganizationSchema, { id });

/** The organization receiving at this token: its current address, or the previous one within its grace period. */
export const findOrganizationByToken = (em: EntityManager, token: string) =>
  em.findOne(OrganizationSchema, {
    $or: [
      { inboundToken: token },
      { previousInboundToken: token, previousInboundUntil: { $gt: new Date() } },
    ],
  });

/** Every organization receiving at one of these tokens (the operator routes: one message, many organizations). */
export const findOrganizationsByTokens = (em: EntityManager, tokens: string[]) =>
  tokens.length === 0
    ? Promise.resolve([])
    : em.find(
        OrganizationSchema,
        {
          $or: [
            { inboundToken: { $in: tokens } },
            { previousInboundToken: { $in: tokens }, previousInboundUntil: { $gt: new Date() } },
          ],
        },
        { orderBy: { id: 'asc' } },
      );

/**
 * A new inbound address token (the owner's rotation): the current one becomes the previous, receiving until
 * `until`; a previous one still in its grace period stops at once (one grace period at a time).
 */
export async function rotateInboundToken(em: EntityManager, id: number, until: Date) {
  const org = await em.findOne(OrganizationSchema, { id }, { fields: ['inboundToken'] });
  if (!org) return null;
  const inboundToken = randomBytes(6).toString('hex');
  await em.nativeUpdate(
    OrganizationSchema,
    { id },
    { inboundToken, previousInboundToken: org.inboundToken, previousInboundUntil: until },
  );
  return { inboundToken, previousInboundToken: org.inboundToken };
}

/** Does any organization have this webhook secret? (The mail webhook's check on headers, before the body.) */
export const webhookSecretExists = async (em: EntityManager, secret: string) =>
  (await em.count(OrganizationSchema, { webhookSecretHash: hashWebhookSecret(secret) })) > 0;

/** Rows still holding a webhook secret in plaintext (written before it was sealed, or without a key). */
export const findPlaintextWebhookSecrets = (em: EntityManager) =>
  em.find(
    OrganizationSchema,
    { webhookSecretPlain: { $ne: null } },
    { fields: ['id', 'webhookSecretPlain'] },
  );

/** Seals one such row (only while it is still in plaintext: two replicas booting at once seal it once). */
export const sealWebhookSecret = (em: EntityManager, id: number, secret: string, secretBox: TSecretBox) =>
  em.nativeUpdate(
    OrganizationSchema,
    { id, webhookSecretPlain: secret },
    webhookSecretColumns(id, secret, secretBox),
  );

export async function updateSubscription(
  em: EntityManager,
  id: number,
  subscription: { plan: TPlan; status: string; monthlyDeckLimit: number },
) {
  await em.nativeUpdate(
    OrganizationSchema,
    { id },
    {
      plan: subscription.plan,
      subscriptionStatus: subscription.status,
      monthlyDeckLimit: subscription.monthlyDeckLimit,
    },
  );
}

/** Its records, attachments, members, mailbox and settings go with it (foreign keys cascade). */
export const deleteOrganization = (em: EntityManager, id: number) =>
  em.nativeDelete(OrganizationSchema, { id });

export const clearOwner = (em: EntityManager, userId: number) =>
  em.nativeUpdate(OrganizationSchema, { ownerId: userId }, { ownerId: null });

/** A new webhook secret (rotation): the old one stops working at once. */
export async function rotateWebhookSecret(em: EntityManager, id: number, secretBox: TSecretBox | null) {
  const webhookSecret = newWebhookSecret();
  await em.nativeUpdate(OrganizationSchema, { id }, webhookSecretColumns(id, webhookSecret, secretBox));
  return webhookSecret;
}

export const setMailgunSigningKey = (em: EntityManager, id: number, sealed: string | null) =>
  em.nativeUpdate(OrganizationSchema, { id }, { mailgunSigningKeyEnc: sealed });

/** svc-crm's connected integrations, as its latest crm.integrations.changed said. */
export const setCrmIntegrations = (em: EntityManager, id: number, connected: TIntegrationKind[]) =>
  em.nativeUpdate(OrganizationSchema, { id }, { crmIntegrations: connected });

/** The last Gmail forwarding confirmation to this organization's address (issue 22): Integration 1 shows it. */
export const saveForwardingConfirmation = (
  em: EntityManager,
  orgId: number,
  confirmation: { code: string; link: string; forwarder: string | null; receivedAt: Date },
) =>
  em.nativeUpdate(
    OrganizationSchema,
    { id: orgId },
    {
      forwardingCode: confirmation.code,
      forwardingLink: confirmation.link,
      forwardingAddress: confirmation.forwarder,
      forwardingReceivedAt: confirmation.receivedAt,
    },
  );
