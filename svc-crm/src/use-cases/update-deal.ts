import type { EntityManager } from '@mikro-orm/core';
import type { TPatchDealBody, TPipelineDeal } from '@dealflow/contracts';
import { CrmError } from '../errors.js';
import { toPipelineDeal } from '../domain/pipeline-deal.js';
import type { Deal } from '../entities/index.js';
import { findCompanyById } from '../repositories/company.repository.js';
import { findDealForUpdate, updateDealFields } from '../repositories/deal.repository.js';
import { addDealEvent } from '../repositories/deal-event.repository.js';
import { isMember } from '../repositories/member.repository.js';
import { enqueueWebhookEvent } from './enqueue-webhook-event.js';
import { findPipeline } from '../repositories/pipeline.repository.js';

const FIELD_LABELS = {
  ownerId: 'owner',
  nextStep: 'next step',
  nextStepDate: 'next step date',
  passReason: 'pass reason',
  amount: 'amount',
  round: 'round',
} as const;

/**
 * A member changes a deal of the organization: its stage (one of the pipeline's), owner (a member), next step
 * and date, pass reason (one of the pipeline's), amount or round. Each change goes on the deal's timeline.
 */
export async function updateDeal(
  em: EntityManager,
  input: { orgId: number; userId: number; dealId: number; body: TPatchDealBody },
): Promise<TPipelineDeal> {
  const { orgId, userId, body } = input;
  const deal = await em.transactional(async (tx) => {
    const deal = await findDealForUpdate(tx, orgId, input.dealId);
    if (!deal) throw new CrmError('DEAL_NOT_FOUND');
    const pipeline = await findPipeline(tx, orgId);
    if (body.stage !== undefined && !pipeline.stages.some((s) => s.name === body.stage))
      throw new CrmError('UNKNOWN_STAGE');
    if (body.passReason && !pipeline.passReasons.includes(body.passReason))
      throw new CrmError('UNKNOWN_PASS_REASON');
    if (body.ownerId && body.ownerId !== userId && !(await isMember(tx, orgId, body.ownerId)))
      throw new CrmError('OWNER_NOT_A_MEMBER');

    const changes: Partial<Pick<Deal, 'stage' | keyof typeof FIELD_LABELS>> = {};
    if (body.stage !== undefined && body.stage !== deal.stage) changes.stage = body.stage;
    for (const key of Object.keys(FIELD_LABELS) as (keyof typeof FIELD_LABELS)[]) {
      const value = body[key];
      if (value === undefined) continue;
      const next = value === '' ? null : value;
      if (next !== deal[key]) Object.assign(changes, { [key]: next });
    }
    if (!Object.keys(changes).length) return deal;

    const fromStage = deal.stage;
    await updateDealFields(tx, deal, changes);
    if (changes.stage !== undefined)
      await addDealEvent(tx, {
        orgId,
        dealId: deal.id,
        kind: 'stage_changed',
        actorId: userId,
        fromStage,
        toStage: deal.stage,
      });
    if (changes.stage !== undefined)
      await enqueueWebhookEvent(tx, orgId, 'deal.stage_changed', {
        dealId: deal.id,
        fromStage,
        toStage: deal.stage,
        changedBy: userId,
        dealUrl: deal.url,
      });
    const fields = Object.keys(changes).filter((k) => k !== 'stage') as (keyof typeof FIELD_LABELS)[];
    if (fields.length)
      await addDealEvent(tx, {
        orgId,
        dealId: deal.id,
        kind: 'updated',
        actorId: userId,
        text: fields.map((k) => `${FIELD_LABELS[k]}: ${deal[k] ?? '(none)'}`).join('; '),
      });
    return deal;
  });
  return toPipelineDeal(deal, await findCompanyById(em, orgId, deal.companyId));
}
