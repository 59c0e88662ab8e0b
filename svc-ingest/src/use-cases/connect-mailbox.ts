import type { EntityManager } from '@mikro-orm/core';
import { getOrCreateMailbox } from '../repositories/mailbox-repository.js';
import { requireSecretBox, secretContext, type TIntegrationDeps } from './deps.js';
import { getMailboxStatus } from './get-mailbox-status.js';
import { testMailbox, type TMailboxCredentials } from './test-mailbox.js';

/** Connect: checks the credentials against the server, then stores them with the password encrypted. */
export async function connectMailbox(
  em: EntityManager,
  orgId: number,
  body: TMailboxCredentials,
  deps: TIntegrationDeps,
) {
  const box = requireSecretBox(deps);
  await testMailbox(em, orgId, body, deps);
  const mailbox = await getOrCreateMailbox(em, orgId);
  const sameAccount = mailbox.host === body.host && mailbox.username === body.username;
  Object.assign(mailbox, {
    host: body.host,
    port: body.port,
    secure: body.secure,
    username: body.username,
    passwordEnc: box.encrypt(body.password, secretContext(orgId, 'mailbox')),
    connectedAt: new Date(),
    lastError: null,
    // Another account has other UIDs: its next scan starts from its first message.
    ...(sameAccount ? {} : { lastUid: '0', uidValidity: null }),
  });
  await em.flush();
  return getMailboxStatus(em, orgId, deps, true);
}
