import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WEBHOOK_SECRET_NOTICE, WebhooksSection } from './WebhooksSection.js';
import { answerApi, buttonNamed, renderPage } from '../test/render.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SECRET = `whsec_${'A'.repeat(32)}`;
const PLAN_MESSAGE = 'Webhooks are available on the Pro plan. Upgrade on the Billing page.';
const endpoint = (id: number, url: string, enabled = true) => ({
  id,
  url,
  description: null,
  events: ['deal.created', 'comment.created'],
  enabled,
  createdAt: '2026-11-20T10:00:00.000Z',
});

/** crm as the section calls it; `endpoints` is the server's list, changed by create, patch and delete. */
function crmWith(options: { endpoints?: ReturnType<typeof endpoint>[]; listStatus?: number }) {
  let endpoints = options.endpoints ?? [];
  const calls: { method: string; path: string; body?: unknown }[] = [];
  answerApi((url, init) => {
    const method = init.method ?? 'GET';
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    if (url.pathname.startsWith('/api/webhook-endpoints')) calls.push({ method, path: url.pathname, body });
    if (url.pathname === '/api/webhook-endpoints' && method === 'GET') {
      if (options.listStatus === 403) return { status: 403, body: { message: PLAN_MESSAGE } };
      if (options.listStatus) return { status: options.listStatus, body: { message: 'Service unavailable' } };
      return { body: { endpoints } };
    }
    if (url.pathname === '/api/webhook-endpoints' && method === 'POST') {
      const created = { ...endpoint(9, String(body!.url)), events: body!.events as string[] };
      endpoints = [...endpoints, created];
      return { status: 201, body: { ...created, secret: SECRET } };
    }
    const one = /^\/api\/webhook-endpoints\/(\d+)(\/\w+)?$/.exec(url.pathname);
    if (one && method === 'PATCH') {
      endpoints = endpoints.map((e) => (e.id === Number(one[1]) ? { ...e, ...body } : e));
      return { body: endpoints.find((e) => e.id === Number(one[1])) };
    }
    if (one && method === 'DELETE') {
      endpoints = endpoints.filter((e) => e.id !== Number(one[1]));
      return { body: { success: true } };
    }
    if (one?.[2] === '/test')
      return {
        status: 202,
        body: {
          id: 1,
          messageId: 'msg_1',
          eventType: 'webhook.test',
          status: 'pending',
          attempts: 0,
          nextAttemptAt: null,
          lastStatusCode: null,
          lastError: null,
          createdAt: '2026-11-28T10:00:00.000Z',
          deliveredAt: null,
        },
      };
    if (one?.[2] === '/deliveries')
      return {
        body: {
          deliveries: [
            {
              id: 2,
              messageId: 'msg_2',
              eventType: 'deal.created',
              status: 'failed',
              attempts: 7,
              nextAttemptAt: null,
              lastStatusCode: 500,
              lastError: 'The endpoint answered 500',
              createdAt: '2026-11-27T10:00:00.000Z',
              deliveredAt: null,
            },
          ],
        },
      };
    return undefined;
  });
  return calls;
}

describe('WebhooksSection', () => {
  it('says so when there is no endpoint, adds one and shows its secret once', async () => {
    const calls = crmWith({});
    const user = userEvent.setup();
    renderPage(<WebhooksSection />, { path: '/settings' });
    expect(await screen.findByText(/No webhook endpoints yet/)).toBeTruthy();
    await user.click(buttonNamed('Add Endpoint'));
    await user.type(screen.getByLabelText(/^Endpoint URL/), 'http://example.com/hook');
    await user.click(buttonNamed('Add Endpoint', { type: 'submit' }));
    expect(await screen.findByText('Enter an address that starts with https://')).toBeTruthy();
    await user.clear(screen.getByLabelText(/^Endpoint URL/));
    await user.type(screen.getByLabelText(/^Endpoint URL/), 'https://example.com/hook');
    await user.click(screen.getByLabelText(/Comment added/));
    await user.click(buttonNamed('Add Endpoint', { type: 'submit' }));
    expect(await screen.findByText(WEBHOOK_SECRET_NOTICE)).toBeTruthy();
    expect((screen.getByTestId('webhook-secret') as HTMLInputElement).value).toBe(SECRET);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      url: 'https://example.com/hook',
      events: ['record.completed', 'deal.created', 'deal.stage_changed'],
    });
    await user.click(buttonNamed('Done'));
    const table = await screen.findByRole('table', { name: 'Webhook endpoints' });
    expect(table.textContent).toContain('https://example.com/hook');
  });

  it('disables, sends a test, shows the delivery log and deletes an endpoint', async () => {
    const calls = crmWith({ endpoints: [endpoint(4, 'https://hooks.example.com/a')] });
    const user = userEvent.setup();
    renderPage(<WebhooksSection />, { path: '/settings' });
    await screen.findByRole('table', { name: 'Webhook endpoints' });
    await user.click(screen.getByRole('switch', { name: /Enabled/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')).toEqual({
        method: 'PATCH',
        path: '/api/webhook-endpoints/4',
        body: { enabled: false },
      }),
    );
    await user.click(buttonNamed('Send Test'));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/webhook-endpoints/4/test')).toBe(true));
    await user.click(buttonNamed('Deliveries'));
    const row = (await screen.findByText('failed')).closest('tr')!;
    expect(row.textContent).toContain('deal.created');
    expect(row.textContent).toContain('failed');
    expect(row.textContent).toContain('500');
    await user.click(buttonNamed('Close'));
    await user.click(screen.getByRole('button', { name: 'Delete https://hooks.example.com/a' }));
    await user.click(buttonNamed('Delete Endpoint'));
    expect(await screen.findByText(/No webhook endpoints yet/)).toBeTruthy();
  });

  it('shows others the Pro upsell, and a load error with a retry', async () => {
    crmWith({ listStatus: 403 });
    renderPage(<WebhooksSection />, { path: '/settings' });
    expect(await screen.findByText('Webhooks are a Pro feature')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See plans and upgrade' }).getAttribute('href')).toBe('/billing');
    expect(screen.queryByText('Add Endpoint')).toBeNull();
    cleanup();
    crmWith({ listStatus: 503 });
    renderPage(<WebhooksSection />, { path: '/settings' });
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load webhook endpoints');
    expect(buttonNamed('Retry')).toBeTruthy();
  });
});
