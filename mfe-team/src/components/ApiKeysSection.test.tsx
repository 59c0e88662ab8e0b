import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiKeyMessages } from '@dealflow/contracts/plans';
import { API_KEYS_DESCRIPTION, ApiKeysSection, SECRET_NOTICE } from './ApiKeysSection.js';
import { answerApi, buttonNamed, renderPage } from '../test/render.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const owner = {
  id: 1,
  name: 'Olivia',
  email: 'olivia@example.com',
  role: 'owner',
  profilePicture: null,
  organizationId: 3,
  digitalProductAccess: false,
  createdAt: '2026-11-02T10:00:00.000Z',
};
const organization = {
  id: 3,
  name: 'Acme',
  ownerId: 1,
  plan: 'pro',
  billingCycle: 'monthly',
  subscriptionStatus: 'active',
  subscriptionQuantity: 1,
  stripeCustomerId: null,
  stripeSubscriptionId: null,
  trialEndsAt: null,
  createdAt: '2026-11-01T10:00:00.000Z',
};
const key = (id: string, name: string, scope: 'read' | 'write', lastUsedAt: string | null = null) => ({
  id,
  name,
  prefix: `dfk_live_${id}`,
  scope,
  createdBy: { id: 1, name: 'Olivia' },
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt,
});
const SECRET = `dfk_live_newkey000001_${'s'.repeat(43)}`;

/** identity as the section calls it; `keys` is the server's list, changed by create and revoke. */
function identityWith(options: {
  keys?: ReturnType<typeof key>[];
  listStatus?: number;
  createStatus?: number;
}) {
  let keys = options.keys ?? [];
  return answerApi((url, init) => {
    const method = init.method ?? 'GET';
    if (url.pathname === '/api/auth/me') return { body: { user: owner, organization, sessionId: 's' } };
    if (url.pathname === '/api/organization/api-keys' && method === 'GET') {
      if (options.listStatus === 403) return { status: 403, body: { message: ApiKeyMessages.proRequired } };
      if (options.listStatus) return { status: options.listStatus, body: { message: 'Service unavailable' } };
      return { body: { keys } };
    }
    if (url.pathname === '/api/organization/api-keys' && method === 'POST') {
      if (options.createStatus) return { status: options.createStatus, body: { message: 'Try again later' } };
      const body = JSON.parse(String(init.body)) as { name: string; scope: 'read' | 'write' };
      const created = key('newkey000001', body.name, body.scope);
      keys = [created, ...keys];
      return { status: 201, body: { key: created, secret: SECRET } };
    }
    const revoke = /^\/api\/organization\/api-keys\/(\w+)$/.exec(url.pathname);
    if (revoke && method === 'DELETE') {
      keys = keys.filter((k) => k.id !== revoke[1]);
      return { body: { success: true } };
    }
    return undefined;
  });
}

describe('ApiKeysSection', () => {
  it('lists the keys with their prefix, scope, creator, creation and last use', async () => {
    identityWith({
      keys: [
        key('aaaaaaaaaaaa', 'CRM sync', 'write', '2026-11-23T10:00:00.000Z'),
        key('bbbbbbbbbbbb', 'Reporting', 'read'),
      ],
    });
    renderPage(<ApiKeysSection />, { path: '/settings' });
    const table = await screen.findByRole('table', { name: 'API keys' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toContain('CRM sync');
    expect(rows[1]!.textContent).toContain('dfk_live_aaaaaaaaaaaa_…');
    expect(rows[1]!.textContent).toContain('Read and write');
    expect(rows[1]!.textContent).toContain('Olivia');
    expect(rows[1]!.textContent).toContain('Nov 20, 2026');
    expect(rows[1]!.textContent).toContain('Nov 23, 2026');
    expect(rows[2]!.textContent).toContain('Read only');
    expect(rows[2]!.textContent).toContain('Never');
    expect(screen.getByText(API_KEYS_DESCRIPTION)).toBeTruthy();
  });

  it('says so when there is no key yet', async () => {
    identityWith({});
    renderPage(<ApiKeysSection />, { path: '/settings' });
    expect(await screen.findByText(/No API keys yet/)).toBeTruthy();
  });

  it('shows Basic the upgrade panel with the server message and a link to the plans, and no create button', async () => {
    identityWith({ listStatus: 403 });
    renderPage(<ApiKeysSection />, { path: '/settings' });
    expect(await screen.findByText('API access is a Pro feature')).toBeTruthy();
    expect(screen.getByText(new RegExp(ApiKeyMessages.proRequired.replace(/\./g, '\\.')))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See plans and upgrade' }).getAttribute('href')).toBe('/billing');
    expect(screen.queryByText('Create API Key')).toBeNull();
  });

  it('shows a load error with a retry', async () => {
    identityWith({ listStatus: 503 });
    renderPage(<ApiKeysSection />, { path: '/settings' });
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load API keys');
    expect(buttonNamed('Retry')).toBeTruthy();
  });

  it('creates a key with a name and a scope, shows the secret once with copy, then lists it', async () => {
    const calls = identityWith({});
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderPage(<ApiKeysSection />, { path: '/settings' });
    await user.click(await screen.findByText('Create API Key'));
    await screen.findByText('Create API key');

    // An empty name is refused before anything is sent.
    await user.click(buttonNamed('Create Key', { type: 'submit' }));
    expect(await screen.findByText(ApiKeyMessages.nameRequired)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(screen.getByLabelText(/^Name/), 'Zapier');
    await user.click(screen.getByLabelText(/Read and write/));
    await user.click(buttonNamed('Create Key', { type: 'submit' }));

    expect(await screen.findByText(SECRET_NOTICE)).toBeTruthy();
    expect((screen.getByTestId('api-key-secret') as HTMLInputElement).value).toBe(SECRET);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Zapier', scope: 'write' });
    await user.click(buttonNamed('Copy Key'));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    await user.click(buttonNamed('Done'));
    await expect.poll(() => screen.queryByTestId('api-key-secret')).toBeNull();

    const table = await screen.findByRole('table', { name: 'API keys' });
    expect(table.textContent).toContain('Zapier');
    // The secret is never on the page again.
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('asks for the password when the session must re-authenticate, then creates the key (issue 20)', async () => {
    let recent = false;
    const calls = answerApi((url, init) => {
      const method = init.method ?? 'GET';
      if (url.pathname === '/api/auth/me') return { body: { user: owner, organization, sessionId: 's' } };
      if (url.pathname === '/api/organization/api-keys' && method === 'GET') return { body: { keys: [] } };
      if (url.pathname === '/api/organization/api-keys' && method === 'POST') {
        if (!recent) return { status: 403, body: { message: 'Enter your password again to continue' } };
        return { status: 201, body: { key: key('newkey000001', 'Zapier', 'read'), secret: SECRET } };
      }
      if (url.pathname === '/api/auth/reauthenticate' && method === 'POST') {
        const { password } = JSON.parse(String(init.body)) as { password: string };
        if (password !== 'the right one') return { status: 403, body: { message: 'Incorrect password' } };
        recent = true;
        return { body: { success: true } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderPage(<ApiKeysSection />, { path: '/settings' });
    await user.click(await screen.findByText('Create API Key'));
    await user.type(await screen.findByLabelText(/^Name/), 'Zapier');
    await user.click(buttonNamed('Create Key', { type: 'submit' }));

    await screen.findByText('Confirm it is you');
    await user.type(screen.getByLabelText(/^Password/), 'a wrong one');
    await user.click(buttonNamed('Continue', { type: 'submit' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Incorrect password');
    await user.clear(screen.getByLabelText(/^Password/));
    await user.type(screen.getByLabelText(/^Password/), 'the right one');
    await user.click(buttonNamed('Continue', { type: 'submit' }));

    expect(await screen.findByText(SECRET_NOTICE)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/organization/api-keys',
      '/api/auth/reauthenticate',
      '/api/auth/reauthenticate',
      '/api/organization/api-keys',
    ]);
  });

  it('a cancelled password prompt leaves the refusal on the create dialog', async () => {
    answerApi((url, init) => {
      const method = init.method ?? 'GET';
      if (url.pathname === '/api/auth/me') return { body: { user: owner, organization, sessionId: 's' } };
      if (url.pathname === '/api/organization/api-keys' && method === 'GET') return { body: { keys: [] } };
      if (url.pathname === '/api/organization/api-keys' && method === 'POST')
        return { status: 403, body: { message: 'Enter your password again to continue' } };
      return undefined;
    });
    const user = userEvent.setup();
    renderPage(<ApiKeysSection />, { path: '/settings' });
    await user.click(await screen.findByText('Create API Key'));
    await user.type(await screen.findByLabelText(/^Name/), 'Zapier');
    await user.click(buttonNamed('Create Key', { type: 'submit' }));
    await screen.findByText('Confirm it is you');
    await user.click(buttonNamed('Cancel'));
    expect((await screen.findByRole('alert')).textContent).toContain('Enter your password again to continue');
  });

  it("shows the server's message when creation fails, and keeps the dialog open", async () => {
    identityWith({ createStatus: 503 });
    const user = userEvent.setup();
    renderPage(<ApiKeysSection />, { path: '/settings' });
    await user.click(await screen.findByText('Create API Key'));
    await user.type(await screen.findByLabelText(/^Name/), 'Nightly export');
    await user.click(buttonNamed('Create Key', { type: 'submit' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Try again later');
    expect(screen.getByText('Create API key')).toBeTruthy();
  });

  it('revokes a key after confirmation, and not when cancelled', async () => {
    const calls = identityWith({ keys: [key('aaaaaaaaaaaa', 'CRM sync', 'write')] });
    const user = userEvent.setup();
    renderPage(<ApiKeysSection />, { path: '/settings' });
    await screen.findByRole('table', { name: 'API keys' });

    await user.click(screen.getByLabelText('Revoke CRM sync'));
    await screen.findByText('Revoke this API key?');
    await user.click(buttonNamed('Cancel'));
    await expect.poll(() => screen.queryByText('Revoke this API key?')).toBeNull();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByLabelText('Revoke CRM sync'));
    await screen.findByText('Revoke this API key?');
    await user.click(buttonNamed('Revoke Key'));
    await expect
      .poll(() => calls.some((c) => c.method === 'DELETE' && c.path.endsWith('/aaaaaaaaaaaa')))
      .toBe(true);
    expect(await screen.findByText(/No API keys yet/)).toBeTruthy();
  });
});
