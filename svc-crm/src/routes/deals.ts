import { crmRoutes } from '@dealflow/contracts';
import { requireOrganization, route, type ServiceApp } from '@dealflow/service-kit';
import { getDeal, getDealByEmail } from '../use-cases/get-deal-by-email.js';

export function registerDealRoutes(app: ServiceApp): void {
  route(app, crmRoutes.getDeal, async (request) => {
    const { orgId } = requireOrganization(request);
    return getDealByEmail(request.em, orgId, request.params.id);
  });
  route(app, crmRoutes.getDealById, async (request) => {
    const { orgId } = requireOrganization(request);
    return getDeal(request.em, orgId, request.params.id);
  });
}
