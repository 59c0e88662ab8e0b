import { ingestRoutes } from '@dealflow/contracts';
import type { TRouter } from '@dealflow/service-kit';
import type { TIngestDeps } from '../deps.js';
import { correctExtractedField } from '../use-cases/correct-extracted-field.js';
import { getEmail } from '../use-cases/get-email.js';
import { getPipelineCounts } from '../use-cases/get-pipeline-counts.js';
import { listEmails } from '../use-cases/list-emails.js';
import { retryEmail } from '../use-cases/retry-email.js';
import { scanMailbox } from '../use-cases/scan-mailbox.js';

export function emailsRoutes({ route }: TRouter, deps: TIngestDeps) {
  route(ingestRoutes.listEmails, async ({ actor, query, request }) =>
    listEmails(request.em, actor.orgId, query),
  );

  route(ingestRoutes.pipeline, async ({ actor, request }) => getPipelineCounts(request.em, actor.orgId));

  route(ingestRoutes.correctField, async ({ actor, params, body, request }) =>
    correctExtractedField(request.em, {
      orgId: actor.orgId,
      userId: actor.userId,
      emailId: params.id,
      correction: body,
    }),
  );

  route(ingestRoutes.getEmail, async ({ actor, params, request }) =>
    getEmail(request.em, actor.orgId, params.id),
  );

  route(ingestRoutes.retryEmail, async ({ actor, params, request, reply }) => {
    const record = await retryEmail(request.em, actor.orgId, params.id, actor.userId);
    reply.code(202);
    return record;
  });

  route(ingestRoutes.scan, async ({ actor, request }) => scanMailbox(request.em, actor.orgId, deps));
}
