import { pipelineRoutes } from '@dealflow/contracts';
import type { TRouter } from '@dealflow/service-kit';
import { commentOnDeal } from '../use-cases/comment-on-deal.js';
import { getDealRating } from '../use-cases/get-deal-rating.js';
import { getDealTimeline } from '../use-cases/get-deal-timeline.js';
import { getPipeline } from '../use-cases/get-pipeline.js';
import { listDeals } from '../use-cases/list-deals.js';
import { rateDeal } from '../use-cases/rate-deal.js';
import { updateDeal } from '../use-cases/update-deal.js';
import { updatePipeline } from '../use-cases/update-pipeline.js';

/** The pipeline (stages, deals board and table) and the team's decision (timeline, comments, ratings). */
export function pipelineRoutesOf({ route }: TRouter) {
  route(pipelineRoutes.getPipeline, async ({ actor, request }) => getPipeline(request.em, actor.orgId));
  route(pipelineRoutes.putPipeline, async ({ actor, body, request }) =>
    updatePipeline(request.em, actor.orgId, body),
  );
  route(pipelineRoutes.listDeals, async ({ actor, query, request }) =>
    listDeals(request.em, { orgId: actor.orgId, userId: actor.userId, ...query }),
  );
  route(pipelineRoutes.patchDeal, async ({ actor, params, body, request }) =>
    updateDeal(request.em, { orgId: actor.orgId, userId: actor.userId, dealId: params.id, body }),
  );
  route(pipelineRoutes.dealTimeline, async ({ actor, params, request }) =>
    getDealTimeline(request.em, { orgId: actor.orgId, userId: actor.userId, dealId: params.id }),
  );
  route(pipelineRoutes.commentDeal, async ({ actor, params, body, request, reply }) => {
    const entry = await commentOnDeal(request.em, {
      orgId: actor.orgId,
      userId: actor.userId,
      dealId: params.id,
      text: body.text,
      mentions: body.mentions,
    });
    return reply.code(201).send(entry);
  });
  route(pipelineRoutes.getDealRating, async ({ actor, params, request }) =>
    getDealRating(request.em, { orgId: actor.orgId, userId: actor.userId, dealId: params.id }),
  );
  route(pipelineRoutes.rateDeal, async ({ actor, params, body, request }) =>
    rateDeal(request.em, {
      orgId: actor.orgId,
      userId: actor.userId,
      dealId: params.id,
      score: body.score,
      note: body.note ?? null,
    }),
  );
}
