// Test helpers for pages rendered outside the shell (vitest + jsdom): `@dealflow/web-kit/testing`. Never bundled.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { AuthProvider } from '../auth/AuthProvider.js';
import { createQueryClient } from '../api/query.js';
import { vi } from 'vitest';

type Route = (url: URL, init: RequestInit) => { status?: number; body: unknown } | undefined;

/**
 * The browser's fetch answered by `route` (the HTTP boundary of a page under test; svc-identity itself is
 * exercised by the Playwright specs). Unrouted calls answer 404. Returns the requests it saw.
 */
export function answerApi(route: Route) {
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method: init.method ?? 'GET', path: `${url.pathname}${url.search}`, body });
    const answer = route(url, init) ?? { status: 404, body: { message: 'Not found' } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

/** Render a page with the providers the shell gives it. */
export function renderPage(page: ReactElement, { path = '/' }: { path?: string } = {}) {
  return render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={createQueryClient()}>
        <AuthProvider redirect={() => undefined}>
          <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
        </AuthProvider>
      </QueryClientProvider>
    </FluentProvider>,
  );
}
