import { defineConsumer } from '@dealflow/service-kit';
import { Topics } from '@dealflow/contracts';
import type { TNotifyDeps } from '../use-cases/notify-members.js';
import { notifyDealCreated } from '../use-cases/notify-deal-created.js';

/** crm.deal.created -> the members' "deal created" emails (use-cases/notify-deal-created.ts). */
export const createNotifyDealCreatedConsumer = (deps: TNotifyDeps) =>
  defineConsumer(Topics.dealCreated, async (event, { em }) => {
    await notifyDealCreated(em, deps, event.data, event.occurredAt);
  });
