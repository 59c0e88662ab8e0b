import { benchProcessingCapacity, runIngestBench } from './index.js';

const emails = Number(process.env.BENCH_EMAILS ?? 1000);
runIngestBench({ emails })
  .then(async () => {
    const capacity = await benchProcessingCapacity();
    console.log(
      `ingest: consumer side alone (claim + deck + extraction + outbox, 3 lanes, no broker): ${capacity} emails/min`,
    );
    process.exit(0);
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
