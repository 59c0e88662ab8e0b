import type { EntityManager } from '@mikro-orm/core';
import { DEFAULT_PASS_REASONS, DEFAULT_PIPELINE_STAGES, type TPipeline } from '@dealflow/contracts';
import { PipelineSchema } from '../entities/index.js';

/** The organization's pipeline: its own when an owner edited it, else the default stages and pass reasons. */
export async function findPipeline(em: EntityManager, orgId: number): Promise<TPipeline> {
  const row = await em.findOne(PipelineSchema, { orgId });
  if (row) return { stages: row.stages, passReasons: row.passReasons };
  return {
    stages: DEFAULT_PIPELINE_STAGES.map((s) => ({ ...s })),
    passReasons: [...DEFAULT_PASS_REASONS],
  };
}

export async function savePipeline(em: EntityManager, orgId: number, pipeline: TPipeline): Promise<void> {
  await em.upsert(PipelineSchema, {
    orgId,
    stages: pipeline.stages,
    passReasons: pipeline.passReasons,
    updatedAt: new Date(),
  });
}
