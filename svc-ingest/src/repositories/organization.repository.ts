import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { TIntegrationKind, TPlan } from '@dealflow/contracts';
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

/**
 * Creates the organization's read-model row with its inbound address token and webhook secret, or
 * updates its name/owner. Events of different topics are not ordered, so any of them may create it first:
 * one INSERT ... ON CONFLICT, so two of them at once never collide.
 */
export async function upsertOrganization(
  em: EntityManager,
  input: { id: number; name?: string; ownerId?: number | null },
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
      webhookSecret: randomBytes(32).toString('base64url'),
      ownerId: input.ownerId ?? null,
      createdAt: new Date(),
    },
    merge.length > 0
      ? { onConflictFields: ['id'], onConflictAction: 'merge', onConflictMergeFields: merge }
      : { onConflictFields: ['id'], onConflictAction: 'ignore' },
  );
}

export const findOrganization = (em: EntityManager, id: number) => em.findOne(OrganizationSchema, { id });

export const findOrganizationByToken = (em: EntityManager, token: string) =>
  em.findOne(OrganizationSchema, { inboundToken: token });

/** Does any organization have this webhook secret? (The mail webhook's check on headers, before the body.) */
export const webhookSecretExists = async (em: EntityManager, secret: string) =>
  (await em.count(OrganizationSchema, { webhookSecret: secret })) > 0;

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
export async function rotateWebhookSecret(em: EntityManager, id: number) {
  const webhookSecret = randomBytes(32).toString('base64url');
  await em.nativeUpdate(OrganizationSchema, { id }, { webhookSecret });
  return webhookSecret;
}

export const setMailgunSigningKey = (em: EntityManager, id: number, sealed: string | null) =>
  em.nativeUpdate(OrganizationSchema, { id }, { mailgunSigningKeyEnc: sealed });

/** svc-crm's connected integrations, as its latest crm.integrations.changed said. */
export const setCrmIntegrations = (em: EntityManager, id: number, connected: TIntegrationKind[]) =>
  em.nativeUpdate(OrganizationSchema, { id }, { crmIntegrations: connected });
