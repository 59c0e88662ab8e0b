import type { EntityManager } from '@mikro-orm/core';
import type { IncomingHttpHeaders } from 'node:http';
import { metrics } from '@opentelemetry/api';
import { safeEqual } from '@dealflow/service-kit';
import type { TIngestDeps } from '../deps.js';
import type { Organization } from '../entities/organization.js';
import { IngestError } from '../errors.js';
import {
  InboundPostError,
  basicPassword,
  isMailgunSignatureValid,
  readInboundPost,
  type TInboundPost,
} from '../domain/mail/inbound-providers.js';
import { inboundTokens, parseHeaderRecipients } from '../domain/mail/webhook-auth.js';
import {
  SnsMessageError,
  isSnsSignatureValid,
  parseSnsMessage,
  readSesNotification,
  type TSnsMessage,
} from '../providers/sns-message.js';
import { findOrganizationsByTokens } from '../repositories/organization.repository.js';
import { claimWebhookToken } from '../repositories/webhook-token.queries.js';
import { confirmSnsSubscriptionOf } from './confirm-sns-subscription.js';
import { receiveProviderMail } from './receive-mail.js';

export type TOperatorProvider = 'raw' | 'sendgrid' | 'mailgun' | 'postmark' | 'ses';
type TDeps = Pick<TIngestDeps, 'config' | 'outbound' | 'logger'>;
type TOperatorConfig = TIngestDeps['config']['operatorInbound'];

/** Whether the operator configured this provider's proof (an unconfigured route answers 404). */
export function isOperatorRouteOn(config: TOperatorConfig, provider: TOperatorProvider): boolean {
  switch (provider) {
    case 'raw':
      return Boolean(config.rawToken);
    case 'sendgrid':
      return Boolean(config.sendgridPassword);
    case 'postmark':
      return Boolean(config.postmarkPassword);
    case 'mailgun':
      return Boolean(config.mailgunSigningKey);
    case 'ses':
      return config.sesTopicArns.length > 0;
  }
}

const bearer = (headers: IncomingHttpHeaders) => {
  const value = headers.authorization;
  return typeof value === 'string' && /^Bearer\s+/i.test(value)
    ? value.replace(/^Bearer\s+/i, '').trim()
    : null;
};

const matches = (given: string | null, expected: string | undefined) =>
  given !== null && expected !== undefined && given.length <= 512 && safeEqual(given, expected);

/**
 * The operator routes' check on headers alone, before the body is read: raw MIME must carry the operator's
 * Bearer token, SendGrid and Postmark the basic auth of their URL. Mailgun and SNS sign inside the body.
 */
export function checkOperatorHeaders(
  config: TOperatorConfig,
  provider: TOperatorProvider,
  headers: IncomingHttpHeaders,
): void {
  if (!isOperatorRouteOn(config, provider)) throw new IngestError('OPERATOR_ROUTE_OFF');
  const ok =
    provider === 'raw'
      ? matches(bearer(headers), config.rawToken)
      : provider === 'sendgrid'
        ? matches(basicPassword(headers), config.sendgridPassword)
        : provider === 'postmark'
          ? matches(basicPassword(headers), config.postmarkPassword)
          : true;
  if (!ok) throw new IngestError('WEBHOOK_UNAUTHORIZED');
}

const meter = () => metrics.getMeter('svc-ingest');

/**
 * The organizations a message is for: the tokens of the envelope recipients the provider reports first; only
 * when those name none, the header block's Delivered-To, X-Original-To, To and Cc (one linear pass, capped).
 */
export async function routeToOrganizations(
  em: EntityManager,
  input: { raw: Buffer; envelope: string[] },
  domain: string,
): Promise<{ orgs: Organization[]; addresses: string[] }> {
  const envelopeTokens = [...new Set(inboundTokens(input.envelope, domain))];
  if (envelopeTokens.length > 0) {
    const orgs = await findOrganizationsByTokens(em, envelopeTokens);
    if (orgs.length > 0) return { orgs, addresses: input.envelope };
  }
  const { addresses, truncated } = parseHeaderRecipients(input.raw);
  if (truncated && addresses.length === 0) throw new IngestError('HEADERS_TOO_LARGE');
  const headerTokens = [...new Set(inboundTokens(addresses, domain))];
  return {
    orgs: await findOrganizationsByTokens(em, headerTokens),
    addresses: [...input.envelope, ...addresses],
  };
}

/** One record per organization addressed; an unknown recipient is counted and logged (never the body), not refused. */
async function deliver(
  em: EntityManager,
  input: { provider: TOperatorProvider; raw: Buffer; envelope: string[] },
  deps: TDeps,
): Promise<number[]> {
  if (input.raw.length === 0)
    throw new IngestError('MALFORMED_MESSAGE', 'Malformed message: the body is empty');
  const domain = deps.config.mail.inboundDomain;
  const { orgs, addresses } = await routeToOrganizations(em, input, domain);
  if (orgs.length === 0) {
    meter()
      .createCounter('inbound_mail_unrouted_total', {
        description: 'Operator-route inbound mail addressed to no organization (answered 2xx, dropped)',
      })
      .add(1, { provider: input.provider });
    const ours = addresses.filter((a) => a.toLowerCase().endsWith(`@${domain.toLowerCase()}`)).slice(0, 5);
    deps.logger.info(
      {
        provider: input.provider,
        bytes: input.raw.length,
        recipients: ours,
        recipientCount: addresses.length,
      },
      'inbound mail for no organization dropped',
    );
    return [];
  }
  const emailIds: number[] = [];
  for (const org of orgs) {
    const { emailId } = await receiveProviderMail(
      em,
      { org, raw: input.raw, source: 'webhook', parseTimeoutMs: deps.config.mail.parseTimeoutMs },
      deps,
    );
    if (emailId !== null) emailIds.push(emailId);
  }
  return emailIds;
}

const malformed = (error: unknown): never => {
  if (error instanceof InboundPostError || error instanceof SnsMessageError)
    throw new IngestError('MALFORMED_MESSAGE', error.message);
  throw error;
};

/** The shape each provider posts (raw MIME, SendGrid's form, Mailgun's form, Postmark's JSON). */
const POST_SHAPE: Record<Exclude<TOperatorProvider, 'ses'>, TInboundPost['provider']> = {
  raw: 'raw',
  sendgrid: 'sendgrid',
  mailgun: 'mailgun',
  postmark: 'postmark',
};

/** Amazon SES through SNS: the topic must be the operator's, the signature SNS's (certificate through the guard). */
async function receiveOperatorSns(em: EntityManager, body: unknown, deps: TDeps) {
  let message: TSnsMessage;
  try {
    message = parseSnsMessage(body);
  } catch (error) {
    return malformed(error);
  }
  // The topic first: only the operator's own topics make the service fetch a certificate.
  if (!deps.config.operatorInbound.sesTopicArns.includes(message.TopicArn))
    throw new IngestError('WEBHOOK_UNAUTHORIZED');
  if (!(await isSnsSignatureValid(message, deps.outbound))) throw new IngestError('WEBHOOK_UNAUTHORIZED');
  if (await confirmSnsSubscriptionOf(message, deps))
    return { accepted: true as const, emailIds: [], type: message.Type };
  let ses: { raw: Buffer; recipients: string[] };
  try {
    ses = readSesNotification(message.Message);
  } catch (error) {
    return malformed(error);
  }
  // SNS delivers at least once: a redelivery is the same message, kept once per organization by its Message-ID.
  const emailIds = await deliver(em, { provider: 'ses', raw: ses.raw, envelope: ses.recipients }, deps);
  return { accepted: true as const, emailIds, type: message.Type };
}

/**
 * A message posted to the installation's operator route of one provider (issue 22 item 1): the provider's own
 * proof with the operator's credential (checked on the headers first where the provider sends it there), then
 * routed by recipient to every organization it is addressed to.
 */
export async function receiveOperatorMail(
  em: EntityManager,
  input: { provider: TOperatorProvider; body: unknown; headers: IncomingHttpHeaders },
  deps: TDeps,
): Promise<{ accepted: true; emailIds: number[]; type?: TSnsMessage['Type'] }> {
  const config = deps.config.operatorInbound;
  checkOperatorHeaders(config, input.provider, input.headers);
  if (input.provider === 'ses') return receiveOperatorSns(em, input.body, deps);
  let post: TInboundPost;
  try {
    post = await readInboundPost(input.body, input.headers, {});
  } catch (error) {
    return malformed(error);
  }
  if (post.provider !== POST_SHAPE[input.provider])
    throw new IngestError('MALFORMED_MESSAGE', `Malformed message: this is not what ${input.provider} posts`);
  if (input.provider === 'mailgun') {
    // Mailgun signs timestamp+token with the account's webhook signing key; a token is good once.
    if (!post.mailgun || !isMailgunSignatureValid(config.mailgunSigningKey!, post.mailgun))
      throw new IngestError('WEBHOOK_UNAUTHORIZED');
    if (!(await claimWebhookToken(em, `mailgun-operator:${post.mailgun.token}`)))
      throw new IngestError('WEBHOOK_UNAUTHORIZED');
  }
  const emailIds = await deliver(
    em,
    { provider: input.provider, raw: post.raw, envelope: post.recipients },
    deps,
  );
  return { accepted: true, emailIds };
}
