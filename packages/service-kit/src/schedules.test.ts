import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMetrics } from './http-metrics.js';
import { startSchedules } from './schedules.js';

const quiet = { warn: () => undefined };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  await registerMetrics(app, 'schedules-unit');
  await app.ready();
});
afterAll(() => app.close());

describe('schedules declared in the service definition (issue 21 item 7)', () => {
  it('never runs one schedule twice at once, even when a run takes longer than everyMs', async () => {
    let inFlight = 0;
    let most = 0;
    let runs = 0;
    const schedules = startSchedules(
      'schedules-unit',
      [
        {
          name: 'slow',
          everyMs: 5,
          runAtStart: true,
          run: async () => {
            inFlight += 1;
            most = Math.max(most, inFlight);
            await sleep(30);
            inFlight -= 1;
            runs += 1;
          },
        },
      ],
      {},
      quiet,
      new AbortController().signal,
    );
    await sleep(200);
    await schedules.stop();
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(most).toBe(1);
  });

  it('stop() waits for the run in hand (which sees the signal) and no run starts afterwards', async () => {
    const stopping = new AbortController();
    const seen: string[] = [];
    const schedules = startSchedules(
      'schedules-unit',
      [
        {
          name: 'sweep',
          everyMs: 10,
          runAtStart: true,
          run: async (_deps, { signal }) => {
            seen.push('start');
            await sleep(40);
            seen.push(signal.aborted ? 'end-aborted' : 'end');
          },
        },
      ],
      {},
      quiet,
      stopping.signal,
    );
    await sleep(15);
    stopping.abort();
    await schedules.stop();
    expect(seen).toEqual(['start', 'end-aborted']);
    await sleep(60);
    expect(seen).toEqual(['start', 'end-aborted']);
  });

  it('counts every run by outcome and records its duration; a failed run does not stop the schedule', async () => {
    let calls = 0;
    const schedules = startSchedules(
      'schedules-unit',
      [
        {
          name: 'flaky',
          everyMs: 5,
          runAtStart: true,
          run: async () => {
            calls += 1;
            if (calls === 1) throw new Error('first run fails');
          },
        },
        { name: 'off', everyMs: 0, run: async () => expect.fail('a schedule of 0 ms never runs') },
      ],
      {},
      quiet,
      new AbortController().signal,
    );
    await sleep(60);
    await schedules.stop();
    expect(calls).toBeGreaterThanOrEqual(2);
    const body = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    const runsOf = (outcome: string) =>
      Number(
        body
          .split('\n')
          .find(
            (l) =>
              l.startsWith('schedule_runs_total{') &&
              l.includes('schedule="flaky"') &&
              l.includes(`outcome="${outcome}"`),
          )
          ?.split(' ')
          .pop(),
      );
    expect(runsOf('failed')).toBe(1);
    expect(runsOf('ok')).toBe(calls - 1);
    expect(body).toMatch(/^schedule_run_duration_seconds_count\{[^}]*schedule="flaky"/m);
    expect(body).not.toContain('schedule="off"');
  });
});
