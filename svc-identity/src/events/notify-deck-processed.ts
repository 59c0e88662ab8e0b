import { defineConsumer } from '@dealflow/service-kit';
import { Topics } from '@dealflow/contracts';
import type { TNotifyDeps } from '../use-cases/notify-members.js';
import { notifyDeckProcessed } from '../use-cases/notify-deck-processed.js';

/** ingest.deck.processed -> the members' "deck processed" emails (use-cases/notify-deck-processed.ts). */
export const createNotifyDeckProcessedConsumer = (deps: TNotifyDeps) =>
  defineConsumer(Topics.deckProcessed, async (event, { em }) => {
    await notifyDeckProcessed(em, deps, event.data);
  });
