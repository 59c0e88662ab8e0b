import type { EntityManager } from '@mikro-orm/core';
import { IngestError } from '../errors.js';
import { findOrganization } from '../repositories/organization.repository.js';
import { receiveMail } from './receive-mail.js';

/**
 * A raw RFC 5322 message submitted through the API (`POST /api/emails`, a write-scope API key or a member's
 * session) for the caller's own organization: the same intake as mail that arrives by webhook or IMAP.
 * The organization comes from the caller, never from the message's recipients.
 */
export async function receiveApiMail(em: EntityManager, input: { orgId: number; body: unknown }) {
  if (!Buffer.isBuffer(input.body) || input.body.length === 0)
    throw new IngestError(
      'MALFORMED_MESSAGE',
      'Send the raw message as the request body with Content-Type: message/rfc822',
    );
  const org = await findOrganization(em, input.orgId);
  if (!org) throw new IngestError('ORGANIZATION_NOT_READY');
  return receiveMail(em, { org, raw: input.body, source: 'api' });
}
