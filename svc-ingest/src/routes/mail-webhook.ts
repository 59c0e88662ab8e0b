import { ingestRoutes } from '@dealflow/contracts';
import type { TRouter } from '@dealflow/service-kit';
import { errorCodes } from 'fastify';
import type { TIngestDeps } from '../deps.js';
import { checkWebhookHeaders } from '../use-cases/check-webhook-headers.js';
import { receiveWebhookMail } from '../use-cases/receive-webhook-mail.js';
import { getOrganizationInbound } from '../use-cases/get-organization-inbound.js';
import { receiveSesMail } from '../use-cases/receive-ses-mail.js';
import {
  checkOperatorHeaders,
  receiveOperatorMail,
  type TOperatorProvider,
} from '../use-cases/receive-operator-mail.js';

const RAW_TYPES = ['message/rfc822', 'text/plain', 'application/octet-stream'];
/** SendGrid Inbound Parse and Mailgun routes post forms: kept as bytes here, read by the use-case. */
const FORM_TYPES = ['multipart/form-data', 'application/x-www-form-urlencoded'];

/**
 * POST /webhooks/mail: the raw message as the inbound provider posts it (auth `signature`: the
 * organization's secret, checked by the use-case once the recipient names the organization).
 */
export function mailWebhookRoutes({ app, route }: TRouter, deps: TIngestDeps) {
  // The raw message stays bytes. No other ingest route takes these types (their JSON bodies fail validation
  // either way), and each route keeps its own body limit: only the webhook's is MAIL_MAX_BYTES.
  app.removeContentTypeParser(['text/plain']);
  // The route's limit is the form's (the message plus the form's fields); a raw message gets MAIL_MAX_BYTES.
  app.addContentTypeParser(RAW_TYPES, { parseAs: 'buffer' }, (_request, body, done) =>
    (body as Buffer).length > deps.config.mail.maxBytes
      ? done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(), undefined)
      : done(null, body),
  );
  app.addContentTypeParser(FORM_TYPES, { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  route(
    ingestRoutes.mailWebhook,
    async ({ request, reply }) => {
      const query = request.query as { recipient?: unknown };
      const { emailId } = await receiveWebhookMail(
        request.em,
        {
          body: request.body as unknown,
          recipient: typeof query.recipient === 'string' ? query.recipient : undefined,
          headers: request.headers,
        },
        deps,
      );
      reply.code(202);
      return { accepted: true as const, emailId };
    },
    {
      bodyLimit: deps.config.mail.formMaxBytes,
      // Before the body is read: a wrong or missing credential is refused on the headers (the connection is
      // closed, the rest of the body never read).
      onRequest: async (request, reply) => {
        try {
          await checkWebhookHeaders(request.em, request.headers);
        } catch (error) {
          reply.header('connection', 'close');
          throw error;
        }
      },
    },
  );

  // Amazon SES through SNS: SNS posts its JSON envelope as text/plain (kept as bytes above); JSON works too.
  route(
    ingestRoutes.sesWebhook,
    async ({ request }) => {
      const query = request.query as { recipient?: unknown };
      return receiveSesMail(
        request.em,
        {
          body: request.body as unknown,
          recipient: typeof query.recipient === 'string' ? query.recipient : undefined,
          headers: request.headers,
        },
        deps,
      );
    },
    { bodyLimit: deps.config.mail.maxBytes },
  );

  // The installation's operator routes (issue 22): one provider account for every organization, by recipient.
  route(
    ingestRoutes.operatorInbound,
    async ({ params, request }) =>
      receiveOperatorMail(
        request.em,
        { provider: params.provider, body: request.body as unknown, headers: request.headers },
        deps,
      ),
    {
      bodyLimit: deps.config.mail.formMaxBytes,
      // Bearer (raw) and basic auth (SendGrid, Postmark) are refused on the headers, the body never read.
      onRequest: async (request, reply) => {
        const { provider } = request.params as { provider?: TOperatorProvider };
        if (provider !== 'raw' && provider !== 'sendgrid' && provider !== 'postmark') return;
        try {
          checkOperatorHeaders(deps.config.operatorInbound, provider, request.headers);
        } catch (error) {
          reply.header('connection', 'close');
          throw error;
        }
      },
    },
  );

  // Service-to-service (dev-stack, end-to-end tests): the inbound address and secret of an organization.
  route(ingestRoutes.organizationInbound, async ({ params, request }) =>
    getOrganizationInbound(request.em, params.orgId, deps),
  );
}
