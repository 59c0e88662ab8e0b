import { Readable } from 'node:stream';
import contentDisposition from 'content-disposition';
import type { TRouter } from '@dealflow/service-kit';
import { serviceRoutes } from '@dealflow/contracts';
import type { TActor, TIdentityDeps } from '../deps.js';
import { listActivityPage } from '../use-cases/list-activity.js';
import { exportActivityCsv } from '../use-cases/export-activity.js';

// Identity's whole table: its own routes and the activity routes (packages/contracts/src/activity.ts).
const identityRoutes = serviceRoutes.identity;

/** The owner's Activity page: the log (owner only, declared in the contract) and its CSV export. */
export function activityLogRoutes(router: TRouter<TActor>, _deps: TIdentityDeps): void {
  const { route } = router;
  route(identityRoutes.listActivity, async ({ actor, query, request }) =>
    listActivityPage(request.em, actor.orgId, query),
  );

  route(identityRoutes.exportActivity, async ({ actor, query, request, reply }) => {
    const lines = exportActivityCsv(request.em, actor.orgId, query);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', contentDisposition(`activity-${day}.csv`))
      .header('cache-control', 'no-store')
      .send(Readable.from(lines));
  });
}
