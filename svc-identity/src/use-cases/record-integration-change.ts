import type { EntityManager } from '@mikro-orm/core';
import type { ConsumerContext } from '@dealflow/service-kit';
import type { TEventOf, TEventPayload, Topics } from '@dealflow/contracts';
import { logActivity } from '../repositories/activity-log.repository.js';
import { organizationExists } from '../repositories/organization.repository.js';
import { findUserById } from '../repositories/user.repository.js';

const DESCRIPTIONS: Record<TEventPayload<typeof Topics.integrationChanged>['change'], string> = {
  mailbox_connected: 'connected the IMAP mailbox',
  mailbox_disconnected: 'disconnected the IMAP mailbox',
  webhook_secret_rotated: 'rotated the inbound webhook secret',
  webhook_secret_revealed: 'revealed the inbound webhook secret',
  mailgun_key_changed: 'changed the Mailgun signing key',
  record_deleted: 'deleted a record',
  sender_blocked: 'blocked a sender',
};

const TARGET_LABELS: Partial<Record<TEventPayload<typeof Topics.integrationChanged>['change'], string>> = {
  mailbox_connected: 'IMAP mailbox',
  mailbox_disconnected: 'IMAP mailbox',
  record_deleted: 'Record',
  sender_blocked: 'Block list',
};

/** ingest.integration.changed -> an entry in the organization's activity log (none once it is deleted). */
export async function recordIntegrationChange(
  em: EntityManager,
  { data }: Pick<TEventOf<typeof Topics.integrationChanged>, 'data'>,
  { logger }: Pick<ConsumerContext, 'logger'>,
): Promise<boolean> {
  if (!(await organizationExists(em, data.orgId))) {
    logger.info({ orgId: data.orgId }, 'integration change for an unknown organization ignored');
    return false;
  }
  const user = await findUserById(em, data.userId);
  logActivity(em, {
    organizationId: data.orgId,
    userId: user?.id ?? null,
    actor: user ? { name: user.name, email: user.email } : null,
    activityType: data.change,
    description: `${user?.name ?? 'A member'} ${DESCRIPTIONS[data.change]}`,
    target: {
      type: 'integration',
      id: null,
      label: TARGET_LABELS[data.change] ?? 'Inbound webhook',
    },
    metadata: data.details,
    meta: null,
    occurredAt: new Date(data.changedAt),
  });
  await em.flush();
  return true;
}
