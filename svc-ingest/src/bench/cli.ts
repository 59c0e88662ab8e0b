import { runIngestBench } from './index.js';

const emails = Number(process.env.BENCH_EMAILS ?? 1000);
runIngestBench({ emails })
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
