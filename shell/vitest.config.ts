import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // 2 shared cores: the first render of a Fluent tree in jsdom can take several seconds.
    testTimeout: 20_000,
  },
});
