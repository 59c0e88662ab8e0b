import type { EntityManager } from '@mikro-orm/core';
import type { TIntegrationKind } from '@dealflow/contracts';
import { integrationLimitOf } from '@dealflow/contracts/plans';
import { IngestError } from '../errors.js';
import { findAccountingSettings } from '../repositories/accounting-settings.repository.js';
import { publishIntegrationsChanged } from '../repositories/ingest.events.js';
import { findMailbox } from '../repositories/mailbox.repository.js';
import { findOrganization } from '../repositories/organization.repository.js';

/** The integrations connected here: the IMAP mailbox (Integration 1) and the accounting connection (Integration 2). */
export async function listIngestIntegrations(em: EntityManager, orgId: number): Promise<TIntegrationKind[]> {
  const mailbox = await findMailbox(em, orgId);
  const accounting = await findAccountingSettings(em, orgId);
  return [
    ...(mailbox?.host && mailbox.passwordEnc ? (['mailbox'] as const) : []),
    ...(accounting?.connected ? (['accounting'] as const) : []),
  ];
}

/**
 * Basic's "two integrations": connecting `adding` is refused when the organization already has as many
 * connected as its plan allows, counting this service's own and svc-crm's (known from crm.integrations.changed).
 * Reconnecting one that is already connected (new credentials) is not a new one.
 */
export async function checkIntegrationLimit(em: EntityManager, orgId: number, adding: TIntegrationKind) {
  const org = await findOrganization(em, orgId);
  const limit = integrationLimitOf(org?.plan, org?.subscriptionStatus);
  if (limit === null) return;
  const connected = new Set([...(await listIngestIntegrations(em, orgId)), ...(org?.crmIntegrations ?? [])]);
  if (!connected.has(adding) && connected.size >= limit) throw new IngestError('INTEGRATION_LIMIT_REACHED');
}

/** After a connect or disconnect (before the caller's flush): svc-crm learns this service's list. */
export async function announceIngestIntegrations(em: EntityManager, orgId: number) {
  publishIntegrationsChanged(em, orgId, await listIngestIntegrations(em, orgId));
}
