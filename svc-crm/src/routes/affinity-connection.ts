import { crmConnectionRoutes } from '@dealflow/contracts';
import type { TRouter } from '@dealflow/service-kit';
import type { TCrmDeps } from '../deps.js';
import { connectAffinity } from '../use-cases/connect-affinity.js';
import { disconnectAffinity } from '../use-cases/disconnect-affinity.js';
import { getAffinityConnection } from '../use-cases/get-affinity-connection.js';

/** The organization's own Affinity account: members see whether it is connected, the owner sets it. */
export function affinityConnectionRoutes({ route }: TRouter, deps: TCrmDeps) {
  route(crmConnectionRoutes.getAffinityConnection, async ({ actor, request }) =>
    getAffinityConnection(request.em, actor.orgId, deps),
  );
  route(crmConnectionRoutes.connectAffinity, async ({ actor, body, request }) =>
    connectAffinity(request.em, { orgId: actor.orgId, userId: actor.userId, body }, deps),
  );
  route(crmConnectionRoutes.disconnectAffinity, async ({ actor, request }) =>
    disconnectAffinity(request.em, actor.orgId, deps),
  );
}
