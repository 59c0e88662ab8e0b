import { benchOperatorRouting } from './bench-routing.js';
import { benchProcessingCapacity, runIngestBench } from './index.js';

const emails = Number(process.env.BENCH_EMAILS ?? 1000);
runIngestBench({ emails })
  .then(async () => {
    const capacity = await benchProcessingCapacity();
    console.log(
      `ingest: consumer side alone (claim + deck + extraction + outbox, 3 lanes, no broker): ${capacity} emails/min`,
    );
    const routing = await benchOperatorRouting();
    console.log(
      `ingest: operator-route routing CPU per message beyond parsing (target < 1000 us): envelope ${routing.envelopeUs.toFixed(1)} us, header fallback ${routing.headersUs.toFixed(1)} us (+ one indexed lookup of the organizations)`,
    );
    process.exit(0);
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
