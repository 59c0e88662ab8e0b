import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two shared cores: one test file at a time keeps argon2 timings and the broker predictable.
    fileParallelism: false,
  },
});
