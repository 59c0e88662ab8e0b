import { serviceRoutes } from '@dealflow/contracts';
import type { TRouter } from '@dealflow/service-kit';
import {
  getCountryBreakdown,
  getDecksPerWeek,
  getFunnel,
  getIndustryBreakdown,
  getStageBreakdown,
  getTimeToProcess,
} from '../use-cases/get-analytics.js';

// svc-ingest's table holds the analytics routes too (declared in contracts' analytics.ts).
const ingestRoutes = serviceRoutes.ingest;

/** The analytics page (Pro): one aggregate per chart, for the caller's organization. */
export function analyticsRoutes({ route }: TRouter) {
  route(ingestRoutes.analyticsDecksPerWeek, ({ actor, query, request }) =>
    getDecksPerWeek(request.em, actor.orgId, query),
  );
  route(ingestRoutes.analyticsIndustries, ({ actor, query, request }) =>
    getIndustryBreakdown(request.em, actor.orgId, query),
  );
  route(ingestRoutes.analyticsStages, ({ actor, query, request }) =>
    getStageBreakdown(request.em, actor.orgId, query),
  );
  route(ingestRoutes.analyticsCountries, ({ actor, query, request }) =>
    getCountryBreakdown(request.em, actor.orgId, query),
  );
  route(ingestRoutes.analyticsFunnel, ({ actor, query, request }) =>
    getFunnel(request.em, actor.orgId, query),
  );
  route(ingestRoutes.analyticsTimeToProcess, ({ actor, query, request }) =>
    getTimeToProcess(request.em, actor.orgId, query),
  );
}
