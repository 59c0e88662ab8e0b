import { Topics } from '@dealflow/contracts';
import { defineConsumer } from '@dealflow/service-kit';
import { recordDeckProcessed } from '../use-cases/record-deck-processed.js';

/** ingest.deck.processed: one more deck for the user this month (failed decks are not counted). */
export const deckProcessed = () =>
  defineConsumer(Topics.deckProcessed, async (event, { em }) => {
    await recordDeckProcessed(em, event.data);
  });
