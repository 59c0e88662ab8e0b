import { defineConsumer } from '@dealflow/service-kit';
import { Topics } from '@dealflow/contracts';
import type { TCrmDeps } from '../deps.js';
import { createDealFromDeck } from '../use-cases/create-deal-from-deck.js';

/** ingest.deck.extracted -> a deal in the configured CRM, or crm.deal.rejected. */
export const createDealFromDeckConsumer = (deps: TCrmDeps) =>
  defineConsumer(Topics.deckExtracted, async (event, { em, logger }) => {
    await createDealFromDeck(em, event.data, { ...deps, logger });
  });
