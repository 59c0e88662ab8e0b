import { defineConfig } from 'vitest/config';

/**
 * The vitest settings of every service: integration tests start a database and a broker per file, so
 * files run one at a time (two shared cores; argon2 timings and the broker stay predictable), with
 * timeouts that allow for a cold broker.
 */
export const serviceTestConfig = (options: { include?: string[] } = {}) =>
  defineConfig({
    test: {
      include: options.include ?? ['src/**/*.test.ts', 'test/**/*.test.ts'],
      fileParallelism: false,
      testTimeout: 60_000,
      hookTimeout: 60_000,
    },
  });
