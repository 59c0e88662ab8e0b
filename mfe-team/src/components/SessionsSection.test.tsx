import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createSession } from '@dealflow/web-kit/testing';
import { SessionsSection, SessionsTexts } from './SessionsSection.js';
import { answerApi, buttonNamed, renderPage } from '../test/render.js';

afterEach(cleanup);

const session = (id: number, device: string | null, ip: string, extra: object = {}) => ({
  id,
  kind: 'browser',
  device,
  ip,
  createdAt: '2026-11-20T10:00:00.000Z',
  lastSeenAt: '2026-11-24T09:30:00.000Z',
  isCurrent: false,
  ...extra,
});

function serve(initial: ReturnType<typeof session>[], options: { failList?: boolean } = {}) {
  let sessions = initial;
  return answerApi((url, init) => {
    if (url.pathname === '/api/auth/me') return { body: createSession() };
    if (url.pathname === '/api/account/sessions' && (init.method ?? 'GET') === 'GET')
      return options.failList
        ? { status: 500, body: { message: 'Internal server error' } }
        : { body: { sessions } };
    const match = /^\/api\/account\/sessions\/(\d+)$/.exec(url.pathname);
    if (match && init.method === 'DELETE') {
      sessions = sessions.filter((s) => s.id !== Number(match[1]));
      return { body: { success: true, revoked: 1 } };
    }
    if (url.pathname === '/api/account/sessions/revoke-others') {
      const revoked = sessions.filter((s) => !s.isCurrent).length;
      sessions = sessions.filter((s) => s.isCurrent);
      return { body: { success: true, revoked } };
    }
    return undefined;
  });
}

describe('SessionsSection', () => {
  it('lists the sessions with device, IP, kind, dates and "This device" (which cannot be signed out here)', async () => {
    serve([
      session(1, 'Chrome 131 on Windows 10', '203.0.113.7', { isCurrent: true }),
      session(2, 'Safari 17 on iPhone', '203.0.113.8'),
      session(3, 'curl/8.5.0', '198.51.100.4', { kind: 'bearer' }),
    ]);
    renderPage(<SessionsSection />);
    const rows = await screen.findAllByTestId('session-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText(SessionsTexts.thisDevice)).toBeTruthy();
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(within(rows[1]!).getByText('Safari 17 on iPhone')).toBeTruthy();
    expect(within(rows[1]!).getByText('203.0.113.8')).toBeTruthy();
    expect(within(rows[1]!).getByText('Browser')).toBeTruthy();
    expect(within(rows[2]!).getByText('API token')).toBeTruthy();
    expect(within(rows[1]!).getAllByText(/2026/)).toHaveLength(2);
  });

  it('signs one session out and lists the rest', async () => {
    const calls = serve([
      session(1, 'Chrome 131 on Windows 10', '203.0.113.7', { isCurrent: true }),
      session(2, 'Safari 17 on iPhone', '203.0.113.8'),
    ]);
    const user = userEvent.setup();
    renderPage(<SessionsSection />);
    await user.click(
      await screen.findByRole('button', { name: 'Sign out Safari 17 on iPhone (203.0.113.8)' }),
    );
    await screen.findByText(SessionsTexts.onlyThis);
    expect(screen.getAllByTestId('session-row')).toHaveLength(1);
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/account/sessions/2')).toBe(true);
  });

  it('signs out everywhere else after a confirmation', async () => {
    const calls = serve([
      session(1, 'Chrome 131 on Windows 10', '203.0.113.7', { isCurrent: true }),
      session(2, 'Safari 17 on iPhone', '203.0.113.8'),
      session(3, null, '198.51.100.4'),
    ]);
    const user = userEvent.setup();
    renderPage(<SessionsSection />);
    expect(await screen.findByText(SessionsTexts.unknownDevice)).toBeTruthy();
    await user.click(buttonNamed(SessionsTexts.signOutOthers));
    await screen.findByText('Sign out everywhere else?');
    expect(calls.some((c) => c.path === '/api/account/sessions/revoke-others')).toBe(false);
    await user.click(buttonNamed(SessionsTexts.signOutOthers));
    await screen.findByText(SessionsTexts.onlyThis);
    expect(calls.filter((c) => c.path === '/api/account/sessions/revoke-others')).toHaveLength(1);
    expect(screen.getAllByTestId('session-row')).toHaveLength(1);
  });

  it('shows the error with a retry when the list cannot be loaded', async () => {
    serve([], { failList: true });
    renderPage(<SessionsSection />);
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});
