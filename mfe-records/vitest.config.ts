import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // Fluent components under jsdom on a busy 2-core machine: typing a form takes seconds.
    testTimeout: 30_000,
    unstubGlobals: true,
    setupFiles: ['src/test/setup.ts'],
  },
});
