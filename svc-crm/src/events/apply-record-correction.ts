import { defineConsumer } from '@dealflow/service-kit';
import { Topics } from '@dealflow/contracts';
import { applyRecordCorrection } from '../use-cases/apply-record-correction.js';

/** ingest.record.corrected -> the deal and its company follow a person's correction. */
export const applyRecordCorrectionConsumer = () =>
  defineConsumer(Topics.recordCorrected, async (event, { em }) => {
    await applyRecordCorrection(em, event.data);
  });
