import type { EntityManager } from '@mikro-orm/core';
import { orgCredential } from '../domain/crypto/credentials.js';
import type { TIngestDeps } from '../deps.js';
import { getOrCreateMailbox } from '../repositories/mailbox.repository.js';
import { publishIntegrationChanged } from '../repositories/ingest.events.js';
import { announceIngestIntegrations, checkIntegrationLimit } from './check-integration-limit.js';
import { getMailboxStatus, type TMailboxViewer } from './get-mailbox-status.js';
import { testMailbox, type TMailboxCredentials } from './test-mailbox.js';

/** Connect: checks the credentials against the server, then stores them with the password encrypted. */
export async function connectMailbox(
  em: EntityManager,
  actor: TMailboxViewer & { userId: number },
  body: TMailboxCredentials,
  deps: Pick<TIngestDeps, 'config' | 'secretBox' | 'logger'>,
) {
  const { orgId } = actor;
  // Before trying the server: without an encryption key nothing could be stored.
  const credential = orgCredential(deps.secretBox, orgId, 'mailbox');
  await checkIntegrationLimit(em, orgId, 'mailbox');
  await testMailbox(em, orgId, body, deps);
  const mailbox = await getOrCreateMailbox(em, orgId);
  const sameAccount = mailbox.host === body.host && mailbox.username === body.username;
  Object.assign(mailbox, {
    host: body.host,
    port: body.port,
    secure: body.secure,
    username: body.username,
    passwordEnc: credential.seal(body.password),
    connectedAt: new Date(),
    lastError: null,
    // Another account has other UIDs: its next scan starts from its first message.
    ...(sameAccount ? {} : { lastUid: '0', uidValidity: null }),
  });
  publishIntegrationChanged(em, {
    orgId,
    userId: actor.userId,
    change: 'mailbox_connected',
    details: { host: body.host, username: body.username },
  });
  await announceIngestIntegrations(em, orgId);
  await em.flush();
  return getMailboxStatus(em, actor, deps);
}
