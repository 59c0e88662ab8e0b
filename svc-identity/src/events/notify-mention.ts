import { defineConsumer } from '@dealflow/service-kit';
import { Topics } from '@dealflow/contracts';
import type { TNotifyDeps } from '../use-cases/notify-members.js';
import { notifyMention } from '../use-cases/notify-mention.js';

/** crm.comment.created -> the @mentioned members' emails (use-cases/notify-mention.ts). */
export const createNotifyMentionConsumer = (deps: TNotifyDeps) =>
  defineConsumer(Topics.commentCreated, async (event, { em }) => {
    await notifyMention(em, deps, event.data);
  });
