import { defineConsumer } from '@dealflow/service-kit';
import { Topics } from '@dealflow/contracts';
import type { TCrmDeps } from '../deps.js';
import { syncCorrectedDeal } from '../use-cases/sync-corrected-deal.js';

/**
 * ingest.record.corrected, second consumer (its own inbox, retries and dead letters): an Affinity deal gets the
 * correction in Affinity. Listed after applyRecordCorrectionConsumer, so it runs after it for each delivery.
 */
export const syncCorrectedDealConsumer = (deps: TCrmDeps) =>
  defineConsumer(
    Topics.recordCorrected,
    async (event, { em, logger }) => {
      await syncCorrectedDeal(em, event.data, { ...deps, logger });
    },
    'crm.sync-corrected-deal',
  );
