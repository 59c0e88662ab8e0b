// The vitest configuration of the web workspaces (shell and remotes): jsdom, web-kit's jsdom setup, and
// time for Fluent trees to render on two shared cores.
import { defineConfig } from 'vitest/config';

/** @param {{ testTimeout?: number, setupFiles?: string[] }} [options] */
export function webTestConfig(options = {}) {
  return defineConfig({
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      restoreMocks: true,
      unstubGlobals: true,
      setupFiles: ['@dealflow/web-kit/testing/setup', ...(options.setupFiles ?? [])],
      // The first render of a Fluent tree in jsdom on a busy 2-core machine can take several seconds.
      testTimeout: options.testTimeout ?? 30_000,
    },
  });
}
