import type { TRouter } from '@dealflow/service-kit';
import { serviceRoutes } from '@dealflow/contracts';
import type { TActor, TIdentityDeps } from '../deps.js';
import { listSupportRequests } from '../use-cases/list-support-requests.js';
import { sendSupportRequest } from '../use-cases/send-support-request.js';
import {
  closeSupportRequest,
  setSupportRequestStatusByReference,
} from '../use-cases/close-support-request.js';

const identityRoutes = serviceRoutes.identity;

/** The Help menu's support form and the organization's requests (packages/contracts/src/support.ts). */
export function supportRoutes(router: TRouter<TActor>, deps: TIdentityDeps): void {
  const { route } = router;
  route(identityRoutes.listSupportRequests, ({ actor, request }) =>
    listSupportRequests(request.em, actor.orgId),
  );
  route(identityRoutes.createSupportRequest, async ({ actor, body, request, reply }) => {
    const created = await sendSupportRequest(request.em, deps, actor, body);
    return reply.code(201).send(created);
  });
  route(identityRoutes.closeSupportRequest, ({ actor, params, request }) =>
    closeSupportRequest(request.em, actor.orgId, params.id),
  );
  route(identityRoutes.setSupportRequestStatus, ({ params, body, request }) =>
    setSupportRequestStatusByReference(request.em, params.reference, body.status),
  );
}
