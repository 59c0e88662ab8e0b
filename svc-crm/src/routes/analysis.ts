import { crmRoutes } from '@dealflow/contracts';
import { requireOrganization, route, type ServiceApp } from '@dealflow/service-kit';
import type { TAnalysisClient } from '../providers/analysis-client.js';
import { createDeckAnalysis } from '../use-cases/create-deck-analysis.js';

export function registerAnalysisRoutes(
  app: ServiceApp,
  deps: { analysisClient: TAnalysisClient | null },
): void {
  route(app, crmRoutes.analysis, async (request) => {
    const { orgId } = requireOrganization(request);
    return createDeckAnalysis(request.em, { orgId, emailId: request.params.id }, deps);
  });
}
