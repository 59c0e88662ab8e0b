import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, test, uniqueEmail } from '../support/fixtures.js';

// Issue 15 item 2: two-factor sign-in through the shell, mfe-team's Settings, mfe-auth's login and identity.

const PASSWORD = 'correct-horse-battery';
const PAGE_LOAD = 30_000;

/** What an authenticator app would show `steps` 30-second steps from now (the same library identity uses). */
const codeAt = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

async function enterPassword(page: Page, email: string) {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible({
    timeout: PAGE_LOAD,
  });
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** axe on the screen as it is (tabster's focus sentinels aside, as a11y.spec.ts does). */
async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const found = violations
    .map((v) => ({
      id: v.id,
      nodes: v.nodes
        .filter((n) => !/^<i [^>]*data-tabster-dummy/.test(n.html))
        .map((n) => n.html.slice(0, 120)),
    }))
    .filter((v) => v.nodes.length > 0);
  expect(found).toEqual([]);
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/, { timeout: PAGE_LOAD });
}

test('enrol in Settings, then sign in with a code and with a recovery code', async ({ page }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('two-factor');
  const registered = await page.request.post('/api/auth/register', {
    data: { email, password: PASSWORD, name: 'Tess Factor', organizationName: 'Second Step Capital' },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  await page.context().clearCookies();

  await enterPassword(page, email);
  await expect(page).toHaveURL(/\/dashboard/, { timeout: PAGE_LOAD });

  // Enrol: the key as text next to the QR code, confirmed with a code computed from it.
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Security' }).click({ timeout: PAGE_LOAD });
  await page.getByRole('button', { name: 'Set up two-factor' }).click();
  await expect(page.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const secret = ((await page.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoViolations(page);
  await page.getByRole('textbox', { name: /Enter the 6-digit code/ }).fill(codeAt(secret));
  await page.getByRole('button', { name: 'Turn on two-factor' }).click();
  const codes = page.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCode = ((await codes.first().textContent()) ?? '').trim();
  expect(recoveryCode).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
  await expectNoViolations(page);
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(page.getByText(/Two-factor sign-in is on since/)).toBeVisible();
  await expect(page.getByText('10 of 10 recovery codes left.', { exact: false })).toBeVisible();
  await signOut(page);

  // The password alone gives no session: the page asks for the code (the next step's, as enrolment took this one).
  await enterPassword(page, email);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible({ timeout: PAGE_LOAD });
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  await expectNoViolations(page);
  await page.getByRole('textbox', { name: 'Authentication code' }).fill(codeAt(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard/, { timeout: PAGE_LOAD });
  await signOut(page);

  // With a recovery code instead.
  await enterPassword(page, email);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible({ timeout: PAGE_LOAD });
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard/, { timeout: PAGE_LOAD });
  const status = await (await page.request.get('/api/user/two-factor')).json();
  expect(status).toMatchObject({ enabled: true, recoveryCodesRemaining: 9 });
});

test('a Google-only account: the challenge after Google sign-in, and turning it off with a code', async ({
  page,
}) => {
  // The local OpenID provider signs in as one account per run (support/oidc.ts); auth.spec.ts's Google test
  // runs before this file and needs that account without an organization, so the organization is made here.
  test.setTimeout(180_000);
  const signInWithGoogle = async () => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with Google' }).click({ timeout: PAGE_LOAD });
  };
  await signInWithGoogle();
  await expect(page).toHaveURL(/\/(organization-setup|dashboard)/, { timeout: PAGE_LOAD });
  if (/organization-setup/.test(page.url())) {
    const created = await page.request.post('/api/organizations', {
      data: { name: 'Google Only Partners', plan: 'pro', billingCycle: 'annual' },
    });
    expect(created.ok(), await created.text()).toBe(true);
  }

  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Security' }).click({ timeout: PAGE_LOAD });
  await page.getByRole('button', { name: 'Set up two-factor' }).click();
  const secret = ((await page.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s/g, '');
  // Each 30-second step is accepted once, within one step of the server's clock: take the next unused one,
  // waiting for the clock when it is more than a step ahead.
  let lastStep = -1;
  const nextCode = async () => {
    const step = Math.max(lastStep + 1, Math.floor(Date.now() / 30_000));
    while (step > Math.floor(Date.now() / 30_000) + 1) await page.waitForTimeout(1_000);
    lastStep = step;
    return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate(
      {
        timestamp: step * 30_000 + 1_000,
      },
    );
  };
  await page.getByRole('textbox', { name: /Enter the 6-digit code/ }).fill(await nextCode());
  await page.getByRole('button', { name: 'Turn on two-factor' }).click();
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(page.getByText(/Two-factor sign-in is on since/)).toBeVisible();
  await signOut(page);

  // Google's answer alone gives no session: the callback asks for the code.
  await signInWithGoogle();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible({ timeout: PAGE_LOAD });
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  await page.getByRole('textbox', { name: 'Authentication code' }).fill(await nextCode());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard/, { timeout: PAGE_LOAD });

  // No password on this account: turning it off asks for a code from the app instead.
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Security' }).click({ timeout: PAGE_LOAD });
  await page.getByRole('button', { name: 'Turn off two-factor' }).click();
  await expect(page.getByRole('textbox', { name: /Your password/ })).toHaveCount(0);
  const code = page.getByRole('textbox', { name: /A code from your authenticator app/ });
  await code.fill('000000');
  await page.getByRole('button', { name: 'Turn off two-factor' }).last().click();
  await expect(page.getByRole('alert').filter({ hasText: /code/i }).first()).toBeVisible();
  await code.fill(await nextCode());
  await page.getByRole('button', { name: 'Turn off two-factor' }).last().click();
  await expect(page.getByText(/Two-factor sign-in is off/)).toBeVisible({ timeout: PAGE_LOAD });
  expect(await (await page.request.get('/api/user/two-factor')).json()).toMatchObject({
    enabled: false,
    hasPassword: false,
  });
});
