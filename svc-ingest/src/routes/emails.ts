import { ingestRoutes } from '@dealflow/contracts';
import { requireOrganization, route, type ServiceApp } from '@dealflow/service-kit';
import type { Logger } from 'pino';
import { getEmail } from '../use-cases/get-email.js';
import { listEmails } from '../use-cases/list-emails.js';
import { retryEmail } from '../use-cases/retry-email.js';
import { scanMailbox } from '../use-cases/scan-mailbox.js';
import type { TIntegrationDeps } from '../use-cases/deps.js';

export function registerEmailRoutes(app: ServiceApp, deps: TIntegrationDeps & { logger: Logger }) {
  route(app, ingestRoutes.listEmails, async (request) => {
    const { orgId } = requireOrganization(request);
    return listEmails(request.em, orgId, request.query);
  });

  route(app, ingestRoutes.getEmail, async (request) => {
    const { orgId } = requireOrganization(request);
    return getEmail(request.em, orgId, request.params.id);
  });

  route(app, ingestRoutes.retryEmail, async (request, reply) => {
    const { orgId, userId } = requireOrganization(request);
    const record = await retryEmail(request.em, orgId, request.params.id, userId);
    reply.code(202);
    return record;
  });

  route(app, ingestRoutes.scan, async (request) => {
    const { orgId } = requireOrganization(request);
    return scanMailbox(request.em, orgId, deps, deps.logger);
  });
}
