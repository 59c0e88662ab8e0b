import type { EntityManager } from '@mikro-orm/core';
import type { IncomingHttpHeaders } from 'node:http';
import { safeEqual } from '@dealflow/service-kit';
import { orgCredential } from '../domain/crypto/credentials.js';
import type { TIngestDeps } from '../deps.js';
import type { Organization } from '../entities/organization.js';
import { IngestError } from '../errors.js';
import {
  InboundPostError,
  basicPassword,
  isMailgunSignatureValid,
  postRecipients,
  readInboundPost,
  type TInboundPost,
} from '../domain/mail/inbound-providers.js';
import { inboundTokens, isWebhookAuthorized } from '../domain/mail/webhook-auth.js';
import {
  findOrganizationByToken,
  hashWebhookSecret,
  openWebhookSecret,
} from '../repositories/organization.repository.js';
import { claimWebhookToken } from '../repositories/webhook-token.queries.js';
import { receiveProviderMail } from './receive-mail.js';

type TDeps = Pick<TIngestDeps, 'config' | 'secretBox' | 'logger'>;

/** Is this post from the organization's provider, authenticated the way that provider documents? */
async function isAuthenticated(
  em: EntityManager,
  org: Organization,
  post: TInboundPost,
  headers: IncomingHttpHeaders,
  deps: TDeps,
): Promise<boolean> {
  switch (post.provider) {
    case 'raw':
      return isWebhookAuthorized(openWebhookSecret(org, deps.secretBox), headers, post.raw);
    case 'sendgrid':
    case 'postmark': {
      const password = basicPassword(headers);
      return password !== null && safeEqual(hashWebhookSecret(password), org.webhookSecretHash);
    }
    case 'mailgun': {
      // The route's URL carries the organization's secret as basic auth (checked before the body was read),
      // and Mailgun signs the form's timestamp and token with the organization's signing key.
      const password = basicPassword(headers);
      if (password === null || !safeEqual(hashWebhookSecret(password), org.webhookSecretHash)) return false;
      if (!org.mailgunSigningKeyEnc || !post.mailgun || !deps.secretBox) return false;
      const key = orgCredential(deps.secretBox, org.id, 'mailgun').open(org.mailgunSigningKeyEnc);
      if (!isMailgunSignatureValid(key, post.mailgun)) return false;
      // A token is good once: a captured signature cannot carry another body.
      return claimWebhookToken(em, `mailgun:${post.mailgun.token}`);
    }
  }
}

/**
 * A message posted to the mail webhook by any supported provider (raw MIME, SendGrid, Mailgun, Postmark). The
 * recipient (`?recipient=`, the provider's envelope, else To/Cc/Delivered-To/X-Original-To) names the
 * organization; the provider's own authentication with that organization's secret or key admits the post.
 */
export async function receiveWebhookMail(
  em: EntityManager,
  input: { body: unknown; recipient?: string; headers: IncomingHttpHeaders },
  deps: TDeps,
) {
  let post: TInboundPost;
  try {
    post = await readInboundPost(input.body, input.headers, { recipient: input.recipient });
  } catch (error) {
    if (error instanceof InboundPostError) throw new IngestError('MALFORMED_MESSAGE', error.message);
    throw error;
  }
  if (post.raw.length === 0)
    throw new IngestError('MALFORMED_MESSAGE', 'Malformed message: the body is empty');
  // One linear pass over at most HEADER_MAX_BYTES: this runs before the post is authenticated.
  const { addresses, headersTooLarge } = postRecipients(post);
  if (headersTooLarge) throw new IngestError('HEADERS_TOO_LARGE');
  const token = inboundTokens(addresses, deps.config.mail.inboundDomain)[0];
  const org = token ? await findOrganizationByToken(em, token) : null;
  if (!org) throw new IngestError('UNKNOWN_RECIPIENT');
  if (!(await isAuthenticated(em, org, post, input.headers, deps)))
    throw new IngestError('WEBHOOK_UNAUTHORIZED');
  return receiveProviderMail(
    em,
    { org, raw: post.raw, source: 'webhook', parseTimeoutMs: deps.config.mail.parseTimeoutMs },
    deps,
  );
}
