import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createSession } from '@dealflow/web-kit/testing';
import { OrganizationTwoFactorSetting, TwoFactorSection } from './TwoFactorSection.js';
import { answerApi, buttonNamed, renderPage } from '../test/render.js';

afterEach(cleanup);

const codes = Array.from({ length: 10 }, (_, i) => `ABCDE-${String(10000 + i)}`);
const statusOf = (enabled: boolean, extra: Record<string, unknown> = {}) => ({
  enabled,
  enabledAt: enabled ? '2026-11-20T10:00:00.000Z' : null,
  recoveryCodesRemaining: enabled ? 10 : 0,
  requiredByOrganization: false,
  hasPassword: true,
  ...extra,
});

function api(
  state: { enabled: boolean },
  extra?: (url: URL, init: RequestInit) => { status?: number; body: unknown } | undefined,
) {
  return answerApi((url, init) => {
    const answer = extra?.(url, init);
    if (answer) return answer;
    if (url.pathname === '/api/auth/me') return { body: createSession() };
    if (url.pathname === '/api/user/two-factor') return { body: statusOf(state.enabled) };
    if (url.pathname === '/api/user/two-factor/setup')
      return {
        body: {
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          otpauthUri: 'otpauth://totp/DealFlow:ivy?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          qrCodeDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+',
        },
      };
    if (url.pathname === '/api/user/two-factor/confirm') {
      state.enabled = true;
      return { body: { recoveryCodes: codes } };
    }
    return undefined;
  });
}

describe('TwoFactorSection', () => {
  it('enrols: QR code and key, a 6-digit code checked before sending, then the recovery codes once', async () => {
    const state = { enabled: false };
    const calls = api(state);
    const user = userEvent.setup();
    renderPage(<TwoFactorSection />);
    expect(await screen.findByText(/Two-factor sign-in is off/)).toBeTruthy();
    await user.click(buttonNamed('Set up two-factor'));
    expect(
      await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' }),
    ).toBeTruthy();
    expect(screen.getByTestId('two-factor-secret').textContent).toBe(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );

    await user.type(screen.getByLabelText(/Enter the 6-digit code/), '12ab');
    await user.click(buttonNamed('Turn on two-factor'));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app.')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/user/two-factor/confirm')).toBe(false);

    await user.clear(screen.getByLabelText(/Enter the 6-digit code/));
    await user.type(screen.getByLabelText(/Enter the 6-digit code/), '123 456');
    await user.click(buttonNamed('Turn on two-factor'));
    const list = await screen.findByTestId('recovery-codes');
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(calls.find((c) => c.path === '/api/user/two-factor/confirm')?.body).toEqual({ code: '123456' });
    expect(buttonNamed('Copy codes')).toBeTruthy();
    expect(buttonNamed('Download codes')).toBeTruthy();

    await user.click(buttonNamed('I have saved my codes'));
    expect(await screen.findByText(/Two-factor sign-in is on since Nov 20, 2026/)).toBeTruthy();
    expect(screen.queryByTestId('recovery-codes')).toBeNull();
  });

  it("shows the server's message when the code is wrong", async () => {
    api({ enabled: false }, (url) =>
      url.pathname === '/api/user/two-factor/confirm'
        ? { status: 400, body: { message: 'Invalid code. Please try again.' } }
        : undefined,
    );
    const user = userEvent.setup();
    renderPage(<TwoFactorSection />);
    await user.click(await screen.findByRole('button', { name: 'Set up two-factor' }));
    await user.type(await screen.findByLabelText(/Enter the 6-digit code/), '000000');
    await user.click(buttonNamed('Turn on two-factor'));
    expect(await screen.findByText('Invalid code. Please try again.')).toBeTruthy();
  });

  it('turns off only with the password, showing a wrong one', async () => {
    const state = { enabled: true };
    const calls = api(state, (url, init) => {
      if (url.pathname !== '/api/user/two-factor/disable') return undefined;
      const { password } = JSON.parse(String(init.body)) as { password: string };
      if (password !== 'right password') return { status: 403, body: { message: 'Incorrect password' } };
      state.enabled = false;
      return { body: { success: true } };
    });
    const user = userEvent.setup();
    renderPage(<TwoFactorSection />);
    expect(await screen.findByText(/10 of 10 recovery codes left/)).toBeTruthy();
    await user.click(buttonNamed('Turn off two-factor'));
    await user.click(buttonNamed('Turn off two-factor', { type: 'submit' }));
    expect(await screen.findByText('Enter your password.')).toBeTruthy();
    await user.type(screen.getByLabelText(/Your password/), 'wrong');
    await user.click(buttonNamed('Turn off two-factor', { type: 'submit' }));
    expect(await screen.findByText('Incorrect password')).toBeTruthy();
    await user.clear(screen.getByLabelText(/Your password/));
    await user.type(screen.getByLabelText(/Your password/), 'right password');
    await user.click(buttonNamed('Turn off two-factor', { type: 'submit' }));
    expect(await screen.findByText(/Two-factor sign-in is off/)).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/user/two-factor/disable')).toHaveLength(2);
  });

  it('without a password (Google sign-in only), turns off and renews codes with a code from the app', async () => {
    const state = { enabled: true };
    const calls = answerApi((url, init) => {
      if (url.pathname === '/api/auth/me') return { body: createSession() };
      if (url.pathname === '/api/user/two-factor')
        return { body: statusOf(state.enabled, { hasPassword: false }) };
      const sent = init.body ? (JSON.parse(String(init.body)) as { password?: string; code?: string }) : {};
      const accepted = sent.code === '654321' && sent.password === undefined;
      if (url.pathname === '/api/user/two-factor/recovery-codes') {
        if (!accepted) return { status: 403, body: { message: 'Invalid code. Please try again.' } };
        return { body: { recoveryCodes: codes } };
      }
      if (url.pathname === '/api/user/two-factor/disable') {
        if (!accepted) return { status: 403, body: { message: 'Invalid code. Please try again.' } };
        state.enabled = false;
        return { body: { success: true } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderPage(<TwoFactorSection />);
    expect(await screen.findByText(/10 of 10 recovery codes left/)).toBeTruthy();

    await user.click(buttonNamed('New recovery codes'));
    expect(screen.queryByLabelText(/Your password/)).toBeNull();
    await user.type(screen.getByLabelText(/A code from your authenticator app/), ' 654321 ');
    await user.click(buttonNamed('Create new codes', { type: 'submit' }));
    expect((await screen.findByTestId('recovery-codes')).querySelectorAll('li')).toHaveLength(10);
    await user.click(buttonNamed('I have saved my codes'));

    await user.click(await screen.findByRole('button', { name: 'Turn off two-factor' }));
    const field = screen.getByLabelText(/A code from your authenticator app/);
    expect(field.getAttribute('type')).toBe('text');
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    await user.click(buttonNamed('Turn off two-factor', { type: 'submit' }));
    expect(await screen.findByText('Enter a code from your app.')).toBeTruthy();
    await user.type(field, '111111');
    await user.click(buttonNamed('Turn off two-factor', { type: 'submit' }));
    expect(await screen.findByText('Invalid code. Please try again.')).toBeTruthy();
    await user.clear(field);
    await user.type(field, '654321');
    await user.click(buttonNamed('Turn off two-factor', { type: 'submit' }));
    expect(await screen.findByText(/Two-factor sign-in is off/)).toBeTruthy();
    const disables = calls.filter((c) => c.path === '/api/user/two-factor/disable');
    expect(disables.map((c) => c.body)).toEqual([{ code: '111111' }, { code: '654321' }]);
  });

  it('says so when the state cannot be loaded', async () => {
    api({ enabled: false }, (url) =>
      url.pathname === '/api/user/two-factor'
        ? { status: 500, body: { message: 'Internal server error' } }
        : undefined,
    );
    renderPage(<TwoFactorSection />);
    expect(await screen.findByText(/Could not load two-factor settings/)).toBeTruthy();
  });
});

describe('OrganizationTwoFactorSetting', () => {
  it('requires two-factor for everyone and shows who has not set it up', async () => {
    let required = false;
    const calls = answerApi((url, init) => {
      if (url.pathname === '/api/auth/me') return { body: createSession() };
      if (url.pathname !== '/api/organization/two-factor') return undefined;
      if (init.method === 'PUT') required = (JSON.parse(String(init.body)) as { required: boolean }).required;
      return { body: { required, membersWithoutTwoFactor: 2 } };
    });
    const user = userEvent.setup();
    renderPage(<OrganizationTwoFactorSetting />);
    const toggle = await screen.findByRole('switch', {
      name: 'Require two-factor sign-in for everyone in the organization',
    });
    expect(screen.getByText('2 member(s) have not set up two-factor sign-in yet.')).toBeTruthy();
    await user.click(toggle);
    await expect.poll(() => calls.find((c) => c.method === 'PUT')?.body).toEqual({ required: true });
    await expect.poll(() => (toggle as HTMLInputElement).checked).toBe(true);
  });
});
