import type { EntityManager } from '@mikro-orm/core';
import type { IncomingHttpHeaders } from 'node:http';
import { IngestError } from '../errors.js';
import { basicPassword } from '../domain/mail/inbound-providers.js';
import { SIGNATURE_HEADER } from '../domain/mail/webhook-auth.js';
import { webhookSecretExists } from '../repositories/organization.repository.js';

/** `Authorization: Bearer <secret>` (raw MIME posts), or the password of `Basic` (SendGrid, Postmark). */
function headerSecret(authorization: string): string | null {
  if (/^Bearer\s+/i.test(authorization)) return authorization.replace(/^Bearer\s+/i, '').trim() || null;
  return basicPassword({ authorization });
}

/** The product's own signature: `sha256=` and the hex HMAC-SHA256 of the body (checked once the body is read). */
const SIGNATURE_SHAPE = /^sha256=[0-9a-f]{64}$/i;

/**
 * The mail webhook's check on headers alone, before the body is read (issue 12: it buffered up to 25 MB before
 * authenticating; issue 20: a form or any signature header still was). A credential in a header (Bearer, or
 * the Basic password SendGrid, Postmark and Mailgun send from the URL's user and password) must be some
 * organization's webhook secret; once the body names the organization, receiveWebhookMail checks it is that
 * organization's (and, for Mailgun, the signature of the form's fields with its signing key). A post without
 * one must carry X-Dealflow-Signature in its shape (an HMAC of the body, checked once read). Anything else,
 * a form without basic auth included, is refused with 401 without its body being read.
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
  if (typeof signature === 'string' && SIGNATURE_SHAPE.test(signature.trim())) return;
  throw new IngestError('WEBHOOK_UNAUTHORIZED');
}
