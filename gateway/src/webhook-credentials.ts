import type { IncomingHttpHeaders } from 'node:http';

/** One sender of webhooks and the credential it puts in its headers, as its documentation shows. */
interface TWebhookCredential {
  sender: string;
  /** The webhook path it posts to (exact, query string excluded). */
  path: string;
  /** Whether the headers carry that credential, in the shape the sender sends it. */
  carries: (headers: IncomingHttpHeaders) => boolean;
}

const header = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name];
  return typeof value === 'string' ? value : null;
};
const authorization = (scheme: 'Basic' | 'Bearer') => (headers: IncomingHttpHeaders) =>
  new RegExp(`^${scheme} [A-Za-z0-9._~+/=-]{8,}$`).test(header(headers, 'authorization') ?? '');
const basicAuth = authorization('Basic');

/**
 * The credentials the gateway recognises on an anonymous webhook post, per sender: a post carrying one of them
 * may be as large as any request (mail with a deck attached); any other gets WEBHOOK_UNSIGNED_MAX_BYTES, since
 * the service can only refuse it. Only the shape is checked here; the service checks the value, on the headers
 * before it reads the body where it can (svc-ingest's check-webhook-headers.ts).
 * - Stripe signs each event: `Stripe-Signature: t=<timestamp>,v1=<hex>`;
 * - the product's own raw-MIME relay: `Authorization: Bearer <secret>` or `X-Dealflow-Signature: sha256=<hex>`;
 * - SendGrid Inbound Parse, Postmark inbound and Mailgun routes: the URL's user and password, sent as
 *   `Authorization: Basic` (Mailgun also signs fields inside its form, which cannot be read before the body);
 * - Amazon SNS (SES inbound): `x-amz-sns-message-type` with the subscription URL's basic auth (the signature
 *   is inside the JSON body).
 * Not any header whose name ends in `signature` (issue 20 finding 6).
 */
export const WEBHOOK_CREDENTIALS: readonly TWebhookCredential[] = [
  {
    sender: 'Stripe',
    path: '/webhooks/stripe',
    carries: (h) => /^t=\d+,(.+,)?v1=[0-9a-f]{64}/.test(header(h, 'stripe-signature') ?? ''),
  },
  {
    sender: 'raw MIME relay (Bearer secret)',
    path: '/webhooks/mail',
    carries: authorization('Bearer'),
  },
  {
    sender: 'raw MIME relay (HMAC of the body)',
    path: '/webhooks/mail',
    carries: (h) => /^sha256=[0-9a-f]{64}$/i.test(header(h, 'x-dealflow-signature')?.trim() ?? ''),
  },
  {
    sender: 'SendGrid Inbound Parse, Postmark inbound, Mailgun routes',
    path: '/webhooks/mail',
    carries: basicAuth,
  },
  {
    sender: 'Amazon SNS (SES inbound)',
    path: '/webhooks/mail/ses',
    carries: (h) =>
      /^(Notification|SubscriptionConfirmation|UnsubscribeConfirmation)$/.test(
        header(h, 'x-amz-sns-message-type') ?? '',
      ) && basicAuth(h),
  },
  // The installation's operator routes (svc-ingest, issue 22): one provider account for every organization.
  {
    sender: 'operator raw MIME relay (Bearer INBOUND_OPERATOR_TOKEN)',
    path: '/webhooks/mail/operator/raw',
    carries: authorization('Bearer'),
  },
  { sender: 'operator SendGrid Inbound Parse', path: '/webhooks/mail/operator/sendgrid', carries: basicAuth },
  { sender: 'operator Postmark inbound', path: '/webhooks/mail/operator/postmark', carries: basicAuth },
  {
    // Mailgun signs fields inside its form (timestamp, token, signature), checked by the service once read;
    // nothing in its headers can be checked first.
    sender: 'operator Mailgun routes',
    path: '/webhooks/mail/operator/mailgun',
    carries: (h) => /^multipart\/form-data;\s*boundary=/i.test(header(h, 'content-type') ?? ''),
  },
  {
    sender: 'Amazon SNS (operator SES inbound)',
    path: '/webhooks/mail/operator/ses',
    carries: (h) =>
      /^(Notification|SubscriptionConfirmation|UnsubscribeConfirmation)$/.test(
        header(h, 'x-amz-sns-message-type') ?? '',
      ),
  },
];

/** Whether a webhook post to `path` carries the credential its sender sends (see WEBHOOK_CREDENTIALS). */
export const carriesWebhookCredential = (path: string, headers: IncomingHttpHeaders) =>
  WEBHOOK_CREDENTIALS.some((c) => c.path === path && c.carries(headers));
