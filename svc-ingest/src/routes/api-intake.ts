import { ingestRoutes } from '@dealflow/contracts';
import type { TRouter } from '@dealflow/service-kit';
import type { TIngestDeps } from '../deps.js';
import { receiveApiMail } from '../use-cases/receive-api-mail.js';

/**
 * POST /api/emails: a raw message for the caller's organization (its contract allows write-scope API keys).
 * The raw content types are parsed as bytes by mail-webhook.ts's parsers, registered on the same instance.
 */
export function apiIntakeRoutes({ route }: TRouter, deps: TIngestDeps) {
  route(
    ingestRoutes.submitEmail,
    async ({ actor, request, reply }) => {
      const { emailId, duplicate } = await receiveApiMail(request.em, {
        orgId: actor.orgId,
        body: request.body,
      });
      reply.code(202);
      return { accepted: true as const, emailId, duplicate };
    },
    { bodyLimit: deps.config.mail.maxBytes },
  );
}
