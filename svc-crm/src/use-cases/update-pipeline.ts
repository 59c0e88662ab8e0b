import type { EntityManager } from '@mikro-orm/core';
import type { TPipeline, TPutPipelineBody } from '@dealflow/contracts';
import { CrmError } from '../errors.js';
import { stagesInUse } from '../repositories/deal.repository.js';
import { findPipeline, savePipeline } from '../repositories/pipeline.repository.js';

/** An owner replaces the stages and pass reasons; a stage still holding deals cannot be left out. */
export async function updatePipeline(
  em: EntityManager,
  orgId: number,
  body: TPutPipelineBody,
): Promise<TPipeline> {
  return em.transactional(async (tx) => {
    const current = await findPipeline(tx, orgId);
    const kept = new Set(body.stages.map((s) => s.name));
    const removed = current.stages.map((s) => s.name).filter((name) => !kept.has(name));
    const used = await stagesInUse(tx, orgId, removed);
    if (used.length) throw new CrmError('STAGE_IN_USE', `Move the deals out of ${used.join(', ')} first`);
    const pipeline: TPipeline = { stages: body.stages, passReasons: [...new Set(body.passReasons)] };
    await savePipeline(tx, orgId, pipeline);
    return pipeline;
  });
}
