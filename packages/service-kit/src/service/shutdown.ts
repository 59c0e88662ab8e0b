import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';

/** Longest wait for one shutdown step (runService's own deadline is SHUTDOWN_DRAIN_MS + 10 s). */
const STOP_STEP_MS = 5_000;

/**
 * Runs the shutdown steps in order, each bounded (a step that does not end in time is left behind with a
 * warning, one that fails is logged), so a stop ends well within a pod's termination grace period (issue 12:
 * svc-ingest took 2-2.5 minutes). Logs how long each took.
 */
export async function runStopSteps(
  logger: Logger,
  steps: [name: string, work: () => Promise<unknown> | unknown][],
): Promise<void> {
  const started = performance.now();
  const took: Record<string, number> = {};
  for (const [name, work] of steps) {
    const t0 = performance.now();
    const timer: { id?: NodeJS.Timeout } = {};
    const bound = new Promise<'late'>((resolve) => {
      timer.id = setTimeout(() => resolve('late'), STOP_STEP_MS);
    });
    try {
      const outcome = await Promise.race([Promise.resolve().then(work), bound]);
      if (outcome === 'late')
        logger.warn({ step: name, boundMs: STOP_STEP_MS }, 'shutdown step did not end in time: left behind');
    } catch (err) {
      logger.warn({ err, step: name }, 'shutdown step failed');
    } finally {
      clearTimeout(timer.id);
      took[name] = Math.round(performance.now() - t0);
    }
  }
  logger.info({ ms: Math.round(performance.now() - started), took }, 'stopped');
}
