import { crmRoutes } from '@dealflow/contracts';
import type { TRouter } from '@dealflow/service-kit';
import { getDeal } from '../use-cases/get-deal.js';
import { getDealByEmail } from '../use-cases/get-deal-by-email.js';

export function dealsRoutes({ route }: TRouter) {
  route(crmRoutes.getDeal, async ({ actor, params, request }) =>
    getDealByEmail(request.em, actor.orgId, params.id),
  );
  route(crmRoutes.getDealById, async ({ actor, params, request }) =>
    getDeal(request.em, actor.orgId, params.id),
  );
}
