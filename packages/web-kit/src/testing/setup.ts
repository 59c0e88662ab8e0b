// The jsdom setup of every web workspace's vitest run (`setupFiles`).
import { beforeEach } from 'vitest';
import { configure } from '@testing-library/react';
import { preloadResponseChecks } from '@dealflow/contracts/client';

// jsdom has no ResizeObserver; Fluent's MessageBar and Dialog observe their size.
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoopResizeObserver as unknown as typeof ResizeObserver;

// The machine running the tests is shared: give async queries time rather than fail on a slow render.
configure({ asyncUtilTimeout: 5000 });

// The typed client checks every answer against its contract in tests; load the schemas once, up front, so that
// a page's first answer arrives as fast as it does in the browser.
await preloadResponseChecks();

// Pages served by the gateway carry the readable session hint when a session cookie came with them
// (web-kit's AuthProvider asks GET /api/auth/me only then). Tests start as such a page; a test of a signed-out
// visitor's page without the hint clears it.
beforeEach(() => {
  document.cookie = 'df_session_present=1; path=/';
});
