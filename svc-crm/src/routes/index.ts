import type { TRouter } from '@dealflow/service-kit';
import type { TCrmDeps } from '../deps.js';
import { analysisRoutes } from './analysis.js';
import { dealsRoutes } from './deals.js';
import { affinityConnectionRoutes } from './affinity-connection.js';
import { pipelineRoutesOf } from './pipeline.js';
import { webhookRoutesOf } from './webhooks.js';
import { founderReplyRoutesOf } from './founder-replies.js';

/** Every crm route; each one's auth is the one its contract entry (crmRoutes) declares. */
export function registerRoutes(router: TRouter, deps: TCrmDeps) {
  dealsRoutes(router);
  analysisRoutes(router, deps);
  affinityConnectionRoutes(router, deps);
  pipelineRoutesOf(router);
  webhookRoutesOf(router, deps);
  founderReplyRoutesOf(router, deps);
}
