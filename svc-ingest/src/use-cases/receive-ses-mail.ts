import type { EntityManager } from '@mikro-orm/core';
import type { IncomingHttpHeaders } from 'node:http';
import { safeEqual } from '@dealflow/service-kit';
import type { TIngestDeps } from '../deps.js';
import { IngestError } from '../errors.js';
import { basicPassword } from '../domain/mail/inbound-providers.js';
import {
  SnsMessageError,
  isSnsSignatureValid,
  parseSnsMessage,
  readSesNotification,
  type TSnsMessage,
} from '../providers/sns-message.js';
import { inboundTokens } from '../domain/mail/webhook-auth.js';
import { findOrganizationByToken, hashWebhookSecret } from '../repositories/organization.repository.js';
import { confirmSnsSubscriptionOf } from './confirm-sns-subscription.js';
import { receiveProviderMail } from './receive-mail.js';

type TDeps = Pick<TIngestDeps, 'config' | 'outbound' | 'logger'>;

const malformed = (error: unknown): never => {
  if (error instanceof SnsMessageError) throw new IngestError('MALFORMED_MESSAGE', error.message);
  throw error;
};

/**
 * A post of Amazon SNS to the organization's SES subscription (`/webhooks/mail/ses?recipient=<inbound
 * address>`, the organization's secret as basic auth in the subscription URL, which SNS supports):
 * - SubscriptionConfirmation: confirmed by GETting its SubscribeURL (an SNS host, through the outbound guard);
 * - Notification of an SES receipt rule's SNS action: its `content` is the raw email, received like any other;
 * - UnsubscribeConfirmation: acknowledged, nothing else.
 * Each must carry a valid SNS signature with a fresh timestamp.
 */
export async function receiveSesMail(
  em: EntityManager,
  input: { body: unknown; recipient?: string; headers: IncomingHttpHeaders },
  deps: TDeps,
): Promise<{ type: TSnsMessage['Type']; emailId: number | null }> {
  let message: TSnsMessage;
  try {
    message = parseSnsMessage(input.body);
  } catch (error) {
    return malformed(error);
  }
  let ses: { raw: Buffer; recipients: string[] } | null = null;
  if (message.Type === 'Notification') {
    try {
      ses = readSesNotification(message.Message);
    } catch (error) {
      return malformed(error);
    }
  }
  const addresses = [...(input.recipient ? [input.recipient] : []), ...(ses?.recipients ?? [])];
  const token = inboundTokens(addresses, deps.config.mail.inboundDomain)[0];
  const org = token ? await findOrganizationByToken(em, token) : null;
  if (!org) throw new IngestError('UNKNOWN_RECIPIENT');
  // The secret first: only the organization's own subscription makes the service fetch a certificate.
  const password = basicPassword(input.headers);
  if (password === null || !safeEqual(hashWebhookSecret(password), org.webhookSecretHash))
    throw new IngestError('WEBHOOK_UNAUTHORIZED');
  if (!(await isSnsSignatureValid(message, deps.outbound))) throw new IngestError('WEBHOOK_UNAUTHORIZED');

  if (await confirmSnsSubscriptionOf(message, deps)) return { type: message.Type, emailId: null };
  // SNS delivers at least once: a redelivery is the same message, kept once by its Message-ID.
  const { emailId } = await receiveProviderMail(em, { org, raw: ses!.raw, source: 'webhook' }, deps);
  return { type: message.Type, emailId };
}
