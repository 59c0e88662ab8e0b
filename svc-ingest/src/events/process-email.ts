import { Topics } from '@dealflow/contracts';
import { defineConsumer } from '@dealflow/service-kit';
import type { TIngestDeps } from '../deps.js';
import { claimEmail, processEmail } from '../use-cases/process-email.js';

/**
 * ingest.email.received: the claim commits on its own (the record shows Processing while the deck is
 * read), then the deck is read and extracted in the consumer's transaction with its outbox events.
 */
export const createProcessEmailConsumer = (deps: TIngestDeps) =>
  defineConsumer(Topics.emailReceived, async (event, { em, logger }) => {
    const { emailId } = event.data;
    const claim = await claimEmail(deps.orm.em.fork(), emailId);
    const outcome =
      claim === 'claimed'
        ? await processEmail(em, emailId, {
            extractor: deps.extractor,
            deckMaxBytes: deps.config.deck.maxBytes,
            deckLimits: deps.config.deck.limits,
            logger,
            stopping: deps.stopping,
          })
        : claim;
    logger.debug({ emailId, outcome }, 'email processed');
  });
