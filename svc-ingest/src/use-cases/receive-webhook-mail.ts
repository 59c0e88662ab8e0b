import type { EntityManager } from '@mikro-orm/core';
import type { IncomingHttpHeaders } from 'node:http';
import type { TIngestDeps } from '../deps.js';
import { IngestError } from '../errors.js';
import { headerRecipients, inboundTokens, isWebhookAuthorized } from '../mail/webhook-auth.js';
import { findOrganizationByToken } from '../repositories/organization.repository.js';
import { receiveMail } from './receive-mail.js';

/**
 * A message posted to the mail webhook. The recipient (`?recipient=`, else To/Cc/Delivered-To/X-Original-To)
 * names the organization; the organization's secret (bearer or HMAC of the body) authenticates the post.
 */
export async function receiveWebhookMail(
  em: EntityManager,
  post: { raw: unknown; recipient?: string; headers: IncomingHttpHeaders },
  deps: Pick<TIngestDeps, 'config'>,
) {
  const { raw } = post;
  if (!Buffer.isBuffer(raw) || raw.length === 0)
    throw new IngestError('MALFORMED_MESSAGE', 'Malformed message: the body is empty');
  const addresses = post.recipient !== undefined ? [post.recipient] : headerRecipients(raw);
  const token = inboundTokens(addresses, deps.config.mail.inboundDomain)[0];
  const org = token ? await findOrganizationByToken(em, token) : null;
  if (!org) throw new IngestError('UNKNOWN_RECIPIENT');
  if (!isWebhookAuthorized(org.webhookSecret, post.headers, raw))
    throw new IngestError('WEBHOOK_UNAUTHORIZED');
  return receiveMail(em, { org, raw, source: 'webhook' });
}
