import type { EntityManager } from '@mikro-orm/core';
import type { TPipeline } from '@dealflow/contracts';
import { findPipeline } from '../repositories/pipeline.repository.js';

/** The organization's stages in board order and its pass reasons. */
export function getPipeline(em: EntityManager, orgId: number): Promise<TPipeline> {
  return findPipeline(em, orgId);
}
