import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { TSupportRequest } from '@dealflow/contracts';
import { SupportMessages } from '@dealflow/contracts/plans';
import SupportPage, { SupportTexts } from './SupportPage.js';
import { answerApi, buttonNamed, renderPage } from '../test/render.js';

afterEach(cleanup);

const user = {
  id: 1,
  name: 'Olivia',
  email: 'olivia@example.com',
  role: 'owner',
  profilePicture: null,
  organizationId: 3,
  digitalProductAccess: false,
  emailVerified: true,
  createdAt: '2026-11-02T10:00:00.000Z',
};
const organization = {
  id: 3,
  name: 'Acme',
  ownerId: 1,
  plan: 'pro',
  billingCycle: 'annual',
  subscriptionStatus: 'active',
  subscriptionQuantity: 1,
  stripeCustomerId: null,
  stripeSubscriptionId: null,
  trialEndsAt: null,
  createdAt: '2026-11-01T10:00:00.000Z',
};
const supportRequest = (id: number, patch: Partial<TSupportRequest> = {}): TSupportRequest => ({
  id,
  reference: `SR-${String(id).padStart(6, '0')}`,
  subject: `Question ${id}`,
  message: 'Something is not working as expected.',
  status: 'open',
  tier: 'pro',
  priority: true,
  firstResponse: '4 business hours',
  requester: { name: 'Olivia', email: 'olivia@example.com' },
  createdAt: '2026-11-20T10:00:00.000Z',
  ...patch,
});

function api(
  list: () => { status?: number; body: unknown },
  create?: (body: unknown) => { status?: number; body: unknown },
) {
  return answerApi((url, init) => {
    if (url.pathname === '/api/auth/me') return { body: { user, organization, sessionId: 's' } };
    if (url.pathname === '/api/support/requests' && (init?.method ?? 'GET') === 'GET') return list();
    if (url.pathname === '/api/support/requests' && init?.method === 'POST')
      return create?.(JSON.parse(String(init.body)));
    return undefined;
  });
}

describe('SupportPage', () => {
  it("says the plan's promise and lists the organization's requests with their status", async () => {
    api(() => ({
      body: {
        requests: [
          supportRequest(2, { status: 'answered' }),
          supportRequest(1, { priority: false, status: 'closed' }),
        ],
        tier: 'pro',
        priority: true,
        firstResponse: '4 business hours',
      },
    }));
    renderPage(<SupportPage />, { path: '/support' });
    expect(
      await screen.findByText('Priority support (Pro): we answer within 4 business hours.'),
    ).toBeTruthy();
    const rows = within(await screen.findByRole('table')).getAllByTestId('support-request');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Answered')).toBeTruthy();
    expect(within(rows[0]!).getByText('Priority')).toBeTruthy();
    expect(within(rows[1]!).getByText('Closed')).toBeTruthy();
  });

  it('shows the empty state, and the error state with a retry', async () => {
    api(() => ({ body: { requests: [], tier: 'basic', priority: false, firstResponse: '2 business days' } }));
    renderPage(<SupportPage />, { path: '/support' });
    expect(await screen.findByText(SupportTexts.empty)).toBeTruthy();
    expect(screen.getByText(/We answer within 2 business days/)).toBeTruthy();
    cleanup();
    api(() => ({ status: 500, body: { message: 'Internal server error' } }));
    renderPage(<SupportPage />, { path: '/support' });
    expect(await screen.findByText(/Could not load your requests/)).toBeTruthy();
    expect(buttonNamed('Retry')).toBeTruthy();
  });

  it('validates before sending, then sends and shows the reference', async () => {
    const sent: unknown[] = [];
    api(
      () => ({ body: { requests: [], tier: 'pro', priority: true, firstResponse: '4 business hours' } }),
      (body) => {
        sent.push(body);
        return { status: 201, body: supportRequest(7, body as Partial<TSupportRequest>) };
      },
    );
    renderPage(<SupportPage />, { path: '/support' });
    await screen.findByText(SupportTexts.empty);
    fireEvent.click(buttonNamed(SupportTexts.send, { type: 'submit' }));
    expect(await screen.findByText(SupportMessages.subjectRequired)).toBeTruthy();
    expect(screen.getByText(SupportMessages.messageRequired)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /Subject/ }), { target: { value: 'Deck stuck' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Message/ }), { target: { value: 'too short' } });
    fireEvent.click(buttonNamed(SupportTexts.send, { type: 'submit' }));
    expect(await screen.findByText(SupportMessages.messageMin)).toBeTruthy();
    expect(sent).toHaveLength(0);
    fireEvent.change(screen.getByRole('textbox', { name: /Message/ }), {
      target: { value: 'The deck from Tuesday is still pending.' },
    });
    fireEvent.click(buttonNamed(SupportTexts.send, { type: 'submit' }));
    expect(await screen.findByText(`${SupportTexts.sentTitle}: SR-000007`)).toBeTruthy();
    expect(sent).toEqual([{ subject: 'Deck stuck', message: 'The deck from Tuesday is still pending.' }]);
  });

  it("shows the server's message when sending fails", async () => {
    api(
      () => ({ body: { requests: [], tier: 'none', priority: false, firstResponse: '3 business days' } }),
      () => ({ status: 429, body: { message: SupportMessages.throttled } }),
    );
    renderPage(<SupportPage />, { path: '/support' });
    await screen.findByText(SupportTexts.empty);
    fireEvent.change(screen.getByRole('textbox', { name: /Subject/ }), { target: { value: 'Help' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Message/ }), {
      target: { value: 'Please call me back about billing.' },
    });
    fireEvent.click(buttonNamed(SupportTexts.send, { type: 'submit' }));
    expect((await screen.findByRole('alert')).textContent).toContain(SupportMessages.throttled);
  });
});
