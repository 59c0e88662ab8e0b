import type { EntityManager } from '@mikro-orm/core';
import type { IncomingHttpHeaders } from 'node:http';
import { IngestError } from '../errors.js';
import { basicPassword } from '../mail/inbound-providers.js';
import { SIGNATURE_HEADER } from '../mail/webhook-auth.js';
import { webhookSecretExists } from '../repositories/organization.repository.js';

/** Bodies that carry their own credential (Mailgun signs `timestamp`, `token` inside its form). */
const FORM_TYPES = /^\s*(multipart\/form-data|application\/x-www-form-urlencoded)/i;

/** `Authorization: Bearer <secret>` (raw MIME posts), or the password of `Basic` (SendGrid, Postmark). */
function headerSecret(authorization: string): string | null {
  if (/^Bearer\s+/i.test(authorization)) return authorization.replace(/^Bearer\s+/i, '').trim() || null;
  return basicPassword({ authorization });
}

/**
 * The mail webhook's check on headers alone, before the body is read (issue 12: it buffered up to 25 MB before
 * authenticating). A credential in a header (Bearer, or the Basic password SendGrid and Postmark send) must
 * be some organization's webhook secret; once the body names the organization, receiveWebhookMail checks it
 * is that organization's. A post with no credential in its headers must be one whose credential is in the
 * body: an HMAC signature of the body (X-Dealflow-Signature) or a Mailgun form. Anything else is refused
 * with 401 without its body being read.
 */
export async function checkWebhookHeaders(em: EntityManager, headers: IncomingHttpHeaders): Promise<void> {
  const authorization = headers.authorization;
  if (typeof authorization === 'string' && authorization.trim().length > 0) {
    const secret = headerSecret(authorization);
    if (!secret || secret.length > 512 || !(await webhookSecretExists(em, secret)))
      throw new IngestError('WEBHOOK_UNAUTHORIZED');
    return;
  }
  const signature = headers[SIGNATURE_HEADER];
  if (typeof signature === 'string' && signature.trim().length > 0) return;
  if (FORM_TYPES.test(String(headers['content-type'] ?? ''))) return;
  throw new IngestError('WEBHOOK_UNAUTHORIZED');
}
