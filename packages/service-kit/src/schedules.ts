import type { Logger } from 'pino';
import { kitMetrics } from './metrics.js';

/**
 * A service's background work on a clock, declared in its definition (`schedules` in createService) instead of
 * a hand-made setInterval: the kit runs each one every `everyMs` after the previous run ENDED (so two runs of
 * one schedule never overlap), stops it on shutdown (waiting for the run in hand, which sees `signal` aborted),
 * and counts every run (`schedule_runs_total{schedule,outcome}`, `schedule_run_duration_seconds`).
 * `everyMs <= 0` turns a schedule off (a test or a deployment that does not want it).
 */
export interface ScheduleDefinition<D> {
  name: string;
  everyMs: number;
  run: (deps: D, context: { signal: AbortSignal }) => Promise<unknown>;
  /** Run once right after start instead of waiting `everyMs` first (default false). */
  runAtStart?: boolean;
}

export interface Schedules {
  /** Clears every timer and waits for the runs in hand. */
  stop(): Promise<void>;
}

export function startSchedules<D>(
  service: string,
  definitions: readonly ScheduleDefinition<D>[],
  deps: D,
  logger: Pick<Logger, 'warn'>,
  signal: AbortSignal,
): Schedules {
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  const stopped = { value: false };

  const runOnce = async (definition: ScheduleDefinition<D>) => {
    const t0 = performance.now();
    const outcome = await definition.run(deps, { signal }).then(
      () => 'ok' as const,
      (err: unknown) => {
        logger.warn({ err, schedule: definition.name }, 'scheduled run failed');
        return 'failed' as const;
      },
    );
    const attributes = { service, schedule: definition.name, outcome };
    kitMetrics().scheduleRuns.add(1, attributes);
    kitMetrics().scheduleDuration.record((performance.now() - t0) / 1000, attributes);
  };

  const plan = (definition: ScheduleDefinition<D>, delayMs: number) => {
    if (stopped.value) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      const run = runOnce(definition).finally(() => {
        running.delete(run);
        plan(definition, definition.everyMs);
      });
      running.add(run);
    }, delayMs);
    timer.unref();
    timers.add(timer);
  };

  for (const definition of definitions) {
    if (definition.everyMs > 0) plan(definition, definition.runAtStart ? 0 : definition.everyMs);
  }

  return {
    async stop() {
      stopped.value = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all([...running]);
    },
  };
}
