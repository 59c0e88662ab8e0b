import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerApi, createSession, renderPage } from '../test/render.js';
import { AffinityConnectionCard } from './AffinityConnectionCard.js';

const state = (over: object = {}) => ({
  connected: false,
  available: true,
  listId: null,
  webUrl: null,
  apiKeyHint: null,
  ...over,
});

describe('Integration 2: the organization’s own Affinity account', () => {
  it('lets the owner connect with a key and a list, shows the server’s refusal, then the connection', async () => {
    let refuse = true;
    const calls = answerApi((url, init) => {
      if (url.pathname === '/api/auth/me') return { body: createSession({ user: { name: 'Ivy' } }) };
      if (url.pathname === '/api/crm/affinity' && init.method === 'PUT') {
        if (refuse) {
          refuse = false;
          return { status: 400, body: { message: 'Affinity refused this API key' } };
        }
        return { body: state({ connected: true, listId: 5151, apiKeyHint: '…0001' }) };
      }
      if (url.pathname === '/api/crm/affinity') return { body: state() };
      return undefined;
    });
    renderPage(<AffinityConnectionCard isOwner />);
    expect(await screen.findByText('The built-in CRM')).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/Affinity API key/), 'key-of-fund-a-0001');
    await userEvent.type(screen.getByLabelText(/List id/), '5151');
    await userEvent.click(screen.getByRole('button', { name: 'Connect Affinity' }));
    expect(await screen.findByText('Affinity refused this API key')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText(/Affinity API key/));
    await userEvent.type(screen.getByLabelText(/Affinity API key/), 'key-of-fund-a-0001');
    await userEvent.click(screen.getByRole('button', { name: 'Connect Affinity' }));
    expect(await screen.findByText('Affinity list 5151 (key …0001)')).toBeTruthy();
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts.at(-1)!.body).toEqual({ apiKey: 'key-of-fund-a-0001', listId: 5151 });
    expect(screen.queryByDisplayValue('key-of-fund-a-0001')).toBeNull();
  });

  it('shows members the connection but no form', async () => {
    answerApi((url) => {
      if (url.pathname === '/api/auth/me')
        return { body: createSession({ user: { name: 'Mo', role: 'member' } }) };
      if (url.pathname === '/api/crm/affinity')
        return { body: state({ connected: true, listId: 7, apiKeyHint: '…9999' }) };
      return undefined;
    });
    renderPage(<AffinityConnectionCard isOwner={false} />);
    expect(await screen.findByText('Affinity list 7 (key …9999)')).toBeTruthy();
    expect(screen.getByText(/Only the organization owner can connect Affinity/)).toBeTruthy();
    expect(screen.queryByLabelText(/Affinity API key/)).toBeNull();
  });
});
