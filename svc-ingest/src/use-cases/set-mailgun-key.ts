import type { EntityManager } from '@mikro-orm/core';
import { orgCredential } from '../domain/crypto/credentials.js';
import type { TIngestDeps } from '../deps.js';
import { setMailgunSigningKey } from '../repositories/organization.repository.js';
import { publishIntegrationChanged } from '../repositories/ingest.events.js';
import { getMailboxStatus, type TMailboxViewer } from './get-mailbox-status.js';

/** Stores Mailgun's webhook signing key sealed (bound to the organization), or removes it. */
export async function setMailgunKey(
  em: EntityManager,
  actor: TMailboxViewer & { userId: number },
  body: { signingKey: string | null },
  deps: Pick<TIngestDeps, 'config' | 'secretBox'>,
) {
  const sealed =
    body.signingKey === null
      ? null
      : orgCredential(deps.secretBox, actor.orgId, 'mailgun').seal(body.signingKey);
  await em.transactional(async (tx) => {
    await setMailgunSigningKey(tx, actor.orgId, sealed);
    publishIntegrationChanged(tx, {
      orgId: actor.orgId,
      userId: actor.userId,
      change: 'mailgun_key_changed',
      details: { isSet: sealed !== null },
    });
  });
  return getMailboxStatus(em, actor, deps);
}
