import { ingestRoutes } from '@dealflow/contracts';
import { internalAuth, route, type ServiceApp } from '@dealflow/service-kit';
import { z } from 'zod';
import { IngestError } from '../errors.js';
import { headerRecipients, inboundTokens, isWebhookAuthorized } from '../mail/webhook-auth.js';
import {
  findOrganization,
  findOrganizationByToken,
  inboundAddress,
} from '../repositories/organization-repository.js';
import { receiveMail } from '../use-cases/receive-mail.js';

const RAW_TYPES = ['message/rfc822', 'text/plain', 'application/octet-stream'];

/**
 * POST /webhooks/mail: the raw message as the inbound provider posts it. The recipient (`?recipient=`,
 * else To/Cc/Delivered-To/X-Original-To) names the organization; the org's secret authenticates the post.
 */
export async function registerMailWebhook(
  app: ServiceApp,
  options: { maxBytes: number; inboundDomain: string; internalToken: string },
) {
  await app.register(async (scope) => {
    scope.removeContentTypeParser(['text/plain']);
    scope.addContentTypeParser(
      RAW_TYPES,
      { parseAs: 'buffer', bodyLimit: options.maxBytes },
      (_request, body, done) => done(null, body),
    );
    route(
      scope as ServiceApp,
      ingestRoutes.mailWebhook,
      async (request, reply) => {
        const raw = request.body as unknown;
        if (!Buffer.isBuffer(raw) || raw.length === 0)
          throw new IngestError('MALFORMED_MESSAGE', 'Malformed message: the body is empty');
        const query = request.query as { recipient?: unknown };
        const addresses = typeof query.recipient === 'string' ? [query.recipient] : headerRecipients(raw);
        const token = inboundTokens(addresses, options.inboundDomain)[0];
        const org = token ? await findOrganizationByToken(request.em, token) : null;
        if (!org) throw new IngestError('UNKNOWN_RECIPIENT', 'No organization receives mail at this address');
        if (!isWebhookAuthorized(org.webhookSecret, request.headers, raw)) {
          throw new IngestError('WEBHOOK_UNAUTHORIZED', 'Webhook secret or signature missing or wrong');
        }
        const { emailId } = await receiveMail(request.em, { org, raw, source: 'webhook' });
        reply.code(202);
        return { accepted: true as const, emailId };
      },
      { bodyLimit: options.maxBytes },
    );
  });

  // Service-to-service (dev-stack, end-to-end tests): the inbound address and secret of an organization.
  app.get(
    '/internal/organizations/:orgId/inbound',
    {
      preHandler: internalAuth(options.internalToken),
      schema: { params: z.object({ orgId: z.coerce.number().int().positive() }) },
    },
    async (request) => {
      const org = await findOrganization(request.em, request.params.orgId);
      if (!org) throw new IngestError('ORGANIZATION_UNKNOWN', 'Unknown organization');
      return {
        orgId: org.id,
        inboundAddress: inboundAddress(org, options.inboundDomain),
        webhookSecret: org.webhookSecret,
      };
    },
  );
}
