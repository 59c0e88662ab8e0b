import { crmRoutes } from '@dealflow/contracts';
import type { TRouter } from '@dealflow/service-kit';
import type { TCrmDeps } from '../deps.js';
import { createDeckAnalysis } from '../use-cases/create-deck-analysis.js';

export function analysisRoutes({ route }: TRouter, deps: TCrmDeps) {
  route(crmRoutes.analysis, async ({ actor, params, request }) =>
    createDeckAnalysis(request.em, { orgId: actor.orgId, emailId: params.id }, deps),
  );
}
