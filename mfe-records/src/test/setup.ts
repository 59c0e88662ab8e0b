// jsdom has no ResizeObserver; Fluent's MessageBar and Dialog observe their size.
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoopResizeObserver as unknown as typeof ResizeObserver;

// Unmount what each test rendered (vitest runs without globals, so testing-library cannot register this itself).
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
afterEach(() => cleanup());
