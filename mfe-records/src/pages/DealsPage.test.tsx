import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerApi, createSession, renderPage } from '../test/render.js';
import DealsPage from './DealsPage.js';

beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

const pipeline = {
  stages: [
    { name: 'New', outcome: 'open' },
    { name: 'Screening', outcome: 'open' },
    { name: 'Passed', outcome: 'passed' },
  ],
  passReasons: ['Too early'],
};
const deal = {
  id: '5',
  companyId: '3',
  companyName: 'Orbital Labs',
  domain: 'orbital-labs.com',
  stage: 'New',
  provider: 'builtin',
  url: '',
  emailId: 9,
  createdAt: '2026-11-28T10:00:00.000Z',
  notes: null,
  ownerId: null,
  nextStep: null,
  nextStepDate: null,
  passReason: null,
  amount: '$2.5M',
  round: 'Seed',
  updatedAt: '2026-11-28T10:00:00.000Z',
};

function answer(patch: (body: { stage?: string }) => { status?: number; body: unknown }, deals = [deal]) {
  return answerApi((url, init) => {
    if (url.pathname === '/api/auth/me') return { body: createSession() };
    if (url.pathname === '/api/pipeline/stages') return { body: pipeline };
    if (url.pathname === '/api/organization/members') return { body: [] };
    if (url.pathname === '/api/deals' && (init.method ?? 'GET') === 'GET')
      return { body: { deals, nextCursor: null } };
    if (url.pathname === '/api/deals/5' && init.method === 'PATCH')
      return patch(JSON.parse(String(init.body)) as { stage?: string });
    return undefined;
  });
}

async function moveWithKeyboard() {
  const user = userEvent.setup();
  (await screen.findByRole('button', { name: 'Move Orbital Labs' })).focus();
  await user.keyboard(' ');
  await user.keyboard('{ArrowRight}');
  await user.keyboard(' ');
}

describe('DealsPage', () => {
  it('moves a deal to another stage with the keyboard and keeps it there when the server agrees', async () => {
    let stage = 'New';
    const calls = answerApi((url, init) => {
      if (url.pathname === '/api/auth/me') return { body: createSession() };
      if (url.pathname === '/api/pipeline/stages') return { body: pipeline };
      if (url.pathname === '/api/organization/members') return { body: [] };
      if (url.pathname === '/api/deals') return { body: { deals: [{ ...deal, stage }], nextCursor: null } };
      if (url.pathname === '/api/deals/5' && init.method === 'PATCH') {
        stage = 'Screening';
        return { body: { ...deal, stage } };
      }
      return undefined;
    });
    renderPage(<DealsPage />, { path: '/deals' });
    await moveWithKeyboard();
    await waitFor(() =>
      expect(within(screen.getByTestId('stage-Screening')).getByText('Orbital Labs')).toBeTruthy(),
    );
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      path: '/api/deals/5',
      body: { stage: 'Screening' },
    });
  });

  it('puts the deal back and says why when the server refuses the move', async () => {
    answer(() => ({
      status: 400,
      body: { message: "This stage is not one of the organization's pipeline" },
    }));
    renderPage(<DealsPage />, { path: '/deals' });
    await moveWithKeyboard();
    await waitFor(() =>
      expect(within(screen.getByTestId('stage-New')).getByText('Orbital Labs')).toBeTruthy(),
    );
  });

  it('says so when there are no deals', async () => {
    answer(() => ({ body: deal }), []);
    renderPage(<DealsPage />, { path: '/deals' });
    expect(await screen.findByText(/No deals yet/)).toBeTruthy();
  });
});
