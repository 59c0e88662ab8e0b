import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, test, uniqueEmail, verifyEmailOf } from '../support/fixtures.js';

// Account controls (issue 12 item 2, issue 15 item 1), through the gateway and the real mail: the banner and
// the verification link, a verified email change, and "Your sessions".

const expect = baseExpect.configure({ timeout: 30_000 });
const PASSWORD = 'correct-horse-battery';
const BANNER = 'Please verify your email address.';

/** axe on the new parts (as a11y.spec.ts runs it: Tabster's focus sentinels are not violations). */
async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .map((v) => ({
      id: v.id,
      nodes: v.nodes
        .filter((n) => !/^<i [^>]*data-tabster-dummy/.test(n.html))
        .map((n) => n.html.slice(0, 120)),
    }))
    .filter((v) => v.nodes.length > 0);
}

async function register(page: Page, prefix: string) {
  const email = uniqueEmail(prefix);
  const response = await page.request.post('/api/auth/register', {
    data: { email, password: PASSWORD, name: 'Vera Verify', organizationName: 'Verify Ventures' },
  });
  baseExpect(response.ok(), await response.text()).toBe(true);
  return email;
}

test('register: the banner shows on signed-in screens; Resend, then the emailed link verifies and the banner goes', async ({
  page,
  mail,
}) => {
  test.setTimeout(180_000);
  const email = await register(page, 'banner');
  await page.goto('/team-members');
  await expect(page.getByText(BANNER)).toBeVisible();
  await page.goto('/settings');
  await expect(page.getByText(BANNER)).toBeVisible();
  await expect(page.getByTestId('email-verified-badge')).toHaveText('Not verified');
  baseExpect(await axeViolations(page)).toEqual([]);

  // Resend: a new link (the registration's stops working).
  const first = await mail.waitFor(email, { subject: 'Verify your email address' });
  await page.getByRole('button', { name: 'Resend email' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'We sent a new verification link. It works for 1 hour.' }),
  ).toBeVisible();
  await expect
    .poll(
      async () =>
        (await mail.all()).filter((m) => m.to.includes(email) && m.subject === first.subject).length,
    )
    .toBe(2);
  const latest = await mail.waitFor(email, { subject: 'Verify your email address' });
  const link = latest.links.find((l) => l.includes('/verify-email?token='))!;
  baseExpect(link).toBeTruthy();
  baseExpect(link).not.toBe(first.links.find((l) => l.includes('/verify-email?token=')));

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Your email address is verified.');
  await page.getByRole('button', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard|\/organization-setup/);
  await page.goto('/settings');
  await expect(page.getByTestId('email-verified-badge')).toHaveText('Verified');
  await expect(page.getByText(BANNER)).toHaveCount(0);

  // The link is single use.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
});

test('unverified owner: Choose Pro opens "Verify your email to start your trial" (no checkout); after the link, one click continues to that checkout', async ({
  page,
  mail,
}) => {
  test.setTimeout(180_000);
  const email = await register(page, 'trial-first');
  await page.goto('/billing');
  await page.getByRole('button', { name: 'Choose Pro' }).click();
  const dialog = page.getByRole('dialog', { name: 'Verify your email to start your trial' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(email);
  await expect(dialog).toContainText('Pro (annual)');
  await expect(page).toHaveURL(/\/billing$/);
  baseExpect(await axeViolations(page)).toEqual([]);
  const first = await mail.waitFor(email, { subject: 'Verify your email address' });
  await dialog.getByRole('button', { name: 'Resend email' }).click();
  await expect(dialog.getByText('We sent a new verification link. It works for 1 hour.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  // The server refuses too (defence in depth), with the same clear words.
  const refused = await page.request.post('/api/stripe/checkout', {
    data: { plan: 'pro', billingCycle: 'annual' },
  });
  baseExpect(refused.status()).toBe(403);
  baseExpect(((await refused.json()) as { message: string }).message).toMatch(
    /^Verify your email to start your trial/,
  );

  await expect
    .poll(
      async () =>
        (await mail.all()).filter((m) => m.to.includes(email) && m.subject === first.subject).length,
    )
    .toBe(2);
  const latest = await mail.waitFor(email, { subject: 'Verify your email address' });
  await page.goto(latest.links.find((l) => l.includes('/verify-email?token='))!);
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await expect(page.getByText('You chose Pro (annual) before verifying.')).toBeVisible();
  await page.getByRole('button', { name: 'Continue to checkout' }).click();
  await expect(page).toHaveURL(/\/pay\/checkout\/cs_/);
  await expect(page.getByText('Pro plan, annual, 1 seat')).toBeVisible();
});

test('change email: the password, a link to the new address, the old one told; the email changes only on the link', async ({
  page,
  request,
  mail,
}) => {
  test.setTimeout(180_000);
  const oldEmail = await register(page, 'before');
  await verifyEmailOf(page.request, oldEmail);
  const newEmail = uniqueEmail('after');
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Email address' });
  await expect(section.getByText(oldEmail)).toBeVisible();

  await section.getByRole('textbox', { name: 'New email' }).fill(newEmail);
  await section.getByLabel('Current password').fill('not-the-password');
  await section.getByRole('button', { name: 'Change email' }).click();
  await expect(section.getByRole('alert')).toHaveText('Incorrect password');

  await section.getByLabel('Current password').fill(PASSWORD);
  await section.getByRole('button', { name: 'Change email' }).click();
  await expect(section.getByTestId('pending-email-change')).toContainText(`We sent a link to ${newEmail}.`);
  // Until the link is followed the old address stays.
  baseExpect((await (await page.request.get('/api/auth/me')).json()).user.email).toBe(oldEmail);
  const notice = await mail.waitFor(oldEmail, { subject: 'A change of your email address was requested' });
  baseExpect(notice.text).toContain(newEmail);

  const message = await mail.waitFor(newEmail, { subject: 'Confirm your new email address' });
  await page.goto(message.links.find((l) => l.includes('/verify-email?token='))!);
  await expect(page.getByRole('heading', { name: 'Email address changed' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(
    'Your email address has been changed. Use it to sign in from now on.',
  );
  const done = await mail.waitFor(oldEmail, { subject: 'Your email address was changed' });
  baseExpect(done.text).toContain(newEmail);

  await page.goto('/settings');
  await expect(page.getByRole('region', { name: 'Email address' }).getByText(newEmail)).toBeVisible();
  baseExpect(
    (await request.post('/api/auth/login', { data: { email: newEmail, password: PASSWORD } })).ok(),
  ).toBe(true);
  baseExpect(
    (await request.post('/api/auth/login', { data: { email: oldEmail, password: PASSWORD } })).status(),
  ).toBe(401);
});

test('your sessions: another device is listed and signed out from Settings, and stops working at once', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const email = await register(page, 'sessions');
  // Two other devices: each its own browser with its own cookie.
  const devices = await Promise.all([browser.newContext(), browser.newContext()]);
  for (const device of devices) {
    const login = await device.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
    baseExpect(login.ok(), await login.text()).toBe(true);
    // Read through the gateway, so its session cache holds the answer.
    baseExpect((await device.request.get('/api/auth/me')).ok()).toBe(true);
    baseExpect((await device.request.get('/api/stripe/subscription')).status()).not.toBe(401);
  }

  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Security' }).click();
  const sessions = page.getByRole('table', { name: 'Your sessions' });
  await expect(sessions.getByTestId('session-row')).toHaveCount(3);
  await expect(sessions.getByTestId('session-row').filter({ hasText: 'This device' })).toHaveCount(1);
  await expect(sessions.getByTestId('session-row').first()).toContainText(/Chrome|Chromium/);
  baseExpect(await axeViolations(page)).toEqual([]);

  await sessions
    .getByRole('button', { name: /^Sign out / })
    .first()
    .click();
  await expect(sessions.getByTestId('session-row')).toHaveCount(2);
  const statuses = await Promise.all(
    devices.map(async (d) => (await d.request.get('/api/stripe/subscription')).status()),
  );
  // One device was signed out (refused at once, the gateway's cache included); the other goes on.
  baseExpect(statuses.map((status) => status === 401).sort()).toEqual([false, true]);

  await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await page
    .getByRole('dialog', { name: 'Sign out everywhere else?' })
    .getByRole('button', { name: 'Sign out everywhere else' })
    .click();
  await expect(sessions.getByTestId('session-row')).toHaveCount(1);
  await expect(page.getByText('This is your only session.')).toBeVisible();
  for (const device of devices) {
    baseExpect((await device.request.get('/api/auth/me')).status()).toBe(401);
    await device.close();
  }
  baseExpect((await page.request.get('/api/auth/me')).ok()).toBe(true);
});
