import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createSession } from '@dealflow/web-kit/testing';
import { EmailSection, EmailTexts } from './EmailSection.js';
import { answerApi, buttonNamed, renderPage } from '../test/render.js';

afterEach(cleanup);

type TStatus = {
  email: string;
  verified: boolean;
  verifiedAt: string | null;
  pendingEmail: string | null;
  pendingExpiresAt: string | null;
};
const statusOf = (extra: Partial<TStatus> = {}): TStatus => ({
  email: 'ivy@fund.example',
  verified: true,
  verifiedAt: '2026-11-01T10:00:00.000Z',
  pendingEmail: null,
  pendingExpiresAt: null,
  ...extra,
});

function serve(initial: TStatus, changeAnswer?: { status: number; body: unknown }) {
  let status = initial;
  return answerApi((url, init) => {
    if (url.pathname === '/api/auth/me') return { body: createSession() };
    if (url.pathname === '/api/account/email') return { body: status };
    if (url.pathname === '/api/account/email/change' && init.method === 'POST') {
      if (changeAnswer) return changeAnswer;
      const { newEmail } = JSON.parse(String(init.body)) as { newEmail: string };
      status = { ...status, pendingEmail: newEmail, pendingExpiresAt: '2026-11-24T11:00:00.000Z' };
      return { status: 202, body: status };
    }
    if (url.pathname === '/api/account/email/change' && init.method === 'DELETE') {
      status = { ...status, pendingEmail: null, pendingExpiresAt: null };
      return { body: status };
    }
    if (url.pathname === '/api/account/email/verification')
      return { body: { success: true, message: 'We sent a new verification link. It works for 1 hour.' } };
    return undefined;
  });
}

describe('EmailSection', () => {
  it('shows the address as Verified', async () => {
    serve(statusOf());
    renderPage(<EmailSection />);
    expect((await screen.findByTestId('email-verified-badge')).textContent).toBe(EmailTexts.verified);
    expect(screen.getByText('ivy@fund.example')).toBeTruthy();
    expect(screen.queryByText(EmailTexts.resend)).toBeNull();
  });

  it('shows Not verified with Resend, which asks for a new link', async () => {
    const calls = serve(statusOf({ verified: false, verifiedAt: null }));
    const user = userEvent.setup();
    renderPage(<EmailSection />);
    expect((await screen.findByTestId('email-verified-badge')).textContent).toBe(EmailTexts.notVerified);
    await user.click(buttonNamed(EmailTexts.resend));
    expect(await screen.findByText('We sent a new verification link. It works for 1 hour.')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/account/email/verification')).toHaveLength(1);
  });

  it('asks for the new address and the password, then shows the change as pending until the link is followed', async () => {
    const calls = serve(statusOf());
    const user = userEvent.setup();
    renderPage(<EmailSection />);
    await screen.findByTestId('email-verified-badge');
    await user.click(buttonNamed(EmailTexts.change));
    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
    expect(await screen.findByText('Password is required')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/account/email/change')).toBe(false);

    await user.type(screen.getByLabelText(/New email/), 'Ivy@New.Example');
    await user.type(screen.getByLabelText(/Current password/), 'my password');
    await user.click(buttonNamed(EmailTexts.change));
    expect(await screen.findByTestId('pending-email-change')).toBeTruthy();
    expect(
      screen.getByText(/We sent a link to ivy@new\.example\. Your email changes when you follow it/),
    ).toBeTruthy();
    expect(screen.getByText(EmailTexts.requested('ivy@new.example'))).toBeTruthy();
    // The current address is still the one shown.
    expect(screen.getByText('ivy@fund.example')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/account/email/change')?.body).toEqual({
      newEmail: 'ivy@new.example',
      password: 'my password',
    });

    await user.click(buttonNamed(EmailTexts.cancel));
    await expect.poll(() => screen.queryByTestId('pending-email-change')).toBeNull();
  });

  it('shows the server’s message when the change is refused', async () => {
    serve(statusOf(), { status: 403, body: { message: 'Incorrect password' } });
    const user = userEvent.setup();
    renderPage(<EmailSection />);
    await screen.findByTestId('email-verified-badge');
    await user.type(screen.getByLabelText(/New email/), 'ivy@new.example');
    await user.type(screen.getByLabelText(/Current password/), 'wrong password');
    await user.click(buttonNamed(EmailTexts.change));
    expect(await screen.findByText('Incorrect password')).toBeTruthy();
    expect(screen.queryByTestId('pending-email-change')).toBeNull();
  });
});
