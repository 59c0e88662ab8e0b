import { buildRawEmail } from '@dealflow/dev-stack/raw-email';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from '../support/fixtures.js';
import { startTrialOrganization } from './a11y-helpers.js';
import { PASSWORD } from '../support/records.js';

// Issue 14 item 3, "API-key use from curl": the owner of a Pro organization creates keys in Settings >
// Organization > API keys, and a program uses them the way curl would (Node's own fetch: no browser, no
// cookie, only `Authorization: Bearer <key>`): list records, submit a message, read it back; a read key
// cannot write; a revoked key is refused at once.

/** A small raw RFC 5322 message, as `curl --data-binary @message.eml` would send it. */
const rawMessage = (subject: string) =>
  buildRawEmail({
    from: 'Ada Founder <ada@keyless-api.io>',
    to: 'deals@example.com',
    subject,
    text: 'Hi, we are raising a seed round. Website: www.keyless-api.io',
  });

/** Creates a key in the dialog and returns the secret the page shows once. */
async function createKey(page: Page, name: string, scope: 'read' | 'write') {
  await page.getByRole('button', { name: 'Create API Key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create API key' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel(scope === 'write' ? /Read and write/ : /Read only/).check();
  await dialog.getByRole('button', { name: 'Create Key' }).click();
  const shown = page.getByRole('dialog', { name: 'API key created' });
  await expect(shown.getByText('Copy this key now.', { exact: false })).toBeVisible();
  const secret = await shown.getByTestId('api-key-secret').inputValue();
  expect(secret).toMatch(/^dfk_live_[a-z0-9]{12}_[A-Za-z0-9_-]{43}$/);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  return secret;
}

test('an owner on Pro creates API keys in Settings and a program uses them like curl', async ({
  page,
  stack,
}) => {
  test.setTimeout(180_000);
  await startTrialOrganization(page, 'Keyless API Ventures');
  // The Pro trial reaches identity by billing's event: wait until the keys answer rather than the upgrade panel.
  await expect
    .poll(async () => (await page.request.get('/api/organization/api-keys')).status(), { timeout: 30_000 })
    .toBe(200);

  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Organization' }).click();
  const section = page.getByRole('region', { name: 'API keys' });
  await expect(section.getByText('No API keys yet', { exact: false })).toBeVisible();

  const writeKey = await createKey(page, 'Deal intake bot', 'write');
  const readKey = await createKey(page, 'Reporting', 'read');
  const table = section.getByRole('table', { name: 'API keys' });
  await expect(table.getByRole('row', { name: /Deal intake bot/ })).toContainText('Read and write');
  await expect(table.getByRole('row', { name: /Reporting/ })).toContainText('Read only');
  // The secret is shown once: it is nowhere on the page now.
  expect(await page.content()).not.toContain(writeKey);
  const axe = await new AxeBuilder({ page }).include('section[aria-label="API keys"]').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // From here on a program, not the browser: Node's fetch with the key only, as curl would send it.
  const curl = (path: string, key: string, init: RequestInit = {}) =>
    fetch(`${stack.url}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${key}`, ...(init.headers as Record<string, string>) },
    });

  const listed = await curl('/api/emails', readKey);
  expect(listed.status, await listed.clone().text()).toBe(200);

  const submitted = await curl('/api/emails', writeKey, {
    method: 'POST',
    headers: { 'content-type': 'message/rfc822' },
    body: rawMessage('Keyless API seed round (sent with an API key)'),
  });
  expect(submitted.status, await submitted.clone().text()).toBe(202);
  const { emailId } = (await submitted.json()) as { emailId: number };

  const record = await curl(`/api/emails/${emailId}`, readKey);
  expect(record.status).toBe(200);
  expect(await record.text()).toContain('Keyless API seed round');
  const list = (await (await curl('/api/emails', readKey)).json()) as { emails?: Array<{ id: number }> };
  expect(JSON.stringify(list)).toContain(`"id":${emailId}`);

  // A read key cannot write; no key reaches billing or team management.
  const refused = await curl('/api/emails', readKey, {
    method: 'POST',
    headers: { 'content-type': 'message/rfc822' },
    body: rawMessage('Should not land'),
  });
  expect(refused.status).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toMatch(/read-only/);
  expect((await curl('/api/stripe/subscription', writeKey)).status).toBe(403);
  expect((await curl('/api/organization/members', writeKey)).status).toBe(401);

  // The record shows in the browser's list too, for the same organization (the list names the sender; a
  // message without a deck ends Failed with its reason, as it would by email).
  await page.goto('/processed-emails');
  await expect(
    page.getByRole('table', { name: 'Processed records' }).getByRole('row', { name: /ada@keyless-api\.io/ }),
  ).toBeVisible({ timeout: 20_000 });

  // Revoked in the UI: refused from the next request on (the gateway's cached answer goes with it).
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Organization' }).click();
  expect((await curl('/api/emails', writeKey)).status).toBe(200);
  await page.getByRole('button', { name: 'Revoke Deal intake bot' }).click();
  await page
    .getByRole('dialog', { name: 'Revoke this API key?' })
    .getByRole('button', { name: 'Revoke Key' })
    .click();
  // The toast comes once identity answered (the row's absence alone proves nothing while the modal hides the page).
  await expect(page.getByText('API key revoked', { exact: true })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Revoke this API key?' })).toBeHidden();
  await expect(page.getByRole('row', { name: /Deal intake bot/ })).toHaveCount(0);
  await expect(page.getByRole('row', { name: /Reporting/ })).toHaveCount(1);
  expect((await curl('/api/emails', writeKey)).status).toBe(401);
  expect((await curl('/api/emails', readKey)).status).toBe(200);
});

test('an owner without Pro sees the upgrade panel instead of keys, and the API answers 403 (PLAN_REQUIRED)', async ({
  page,
}) => {
  const registered = await page.request.post('/api/auth/register', {
    data: {
      email: uniqueEmail('api-keys-free'),
      password: 'correct-horse-battery',
      name: 'Fred Free',
      organizationName: 'Free Ventures',
    },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const refused = await page.request.post('/api/organization/api-keys', {
    data: { name: 'x', scope: 'read' },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toContain('Upgrade to Pro');

  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Organization' }).click();
  const section = page.getByRole('region', { name: 'API keys' });
  await expect(section.getByText('API access is a Pro feature')).toBeVisible();
  await expect(section.getByRole('link', { name: 'See plans and upgrade' })).toHaveAttribute(
    'href',
    '/billing',
  );
  await expect(section.getByRole('button', { name: 'Create API Key' })).toHaveCount(0);
  const axe = await new AxeBuilder({ page }).include('section[aria-label="API keys"]').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

// Issue 20: creating a key needs a password check within 10 minutes. The first answer below is the one
// identity gives a session signed in longer ago (403 "Enter your password again to continue", fulfilled here:
// the test cannot wait 10 minutes); the prompt, the re-authentication and the retried creation are real.
test('creating a key after the re-authentication window asks for the password and then creates it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await startTrialOrganization(page, 'Prompted Keys Ventures');
  await expect
    .poll(async () => (await page.request.get('/api/organization/api-keys')).status(), { timeout: 30_000 })
    .toBe(200);
  let refused = 0;
  await page.route('**/api/organization/api-keys', async (route) => {
    if (route.request().method() !== 'POST' || refused > 0) return route.fallback();
    refused += 1;
    await route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Enter your password again to continue' }),
    });
  });

  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Organization' }).click();
  await page.getByRole('button', { name: 'Create API Key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create API key' });
  await dialog.getByLabel('Name').fill('After lunch');
  await dialog.getByRole('button', { name: 'Create Key' }).click();

  const prompt = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(prompt).toBeVisible();
  await prompt.getByLabel('Password').fill('not-my-password');
  await prompt.getByRole('button', { name: 'Continue' }).click();
  await expect(prompt.getByRole('alert')).toContainText('Incorrect password');
  await prompt.getByLabel('Password').fill(PASSWORD);
  const reauthenticated = page.waitForResponse(
    (response) => response.url().endsWith('/api/auth/reauthenticate') && response.status() === 200,
  );
  await prompt.getByRole('button', { name: 'Continue' }).click();
  await reauthenticated;
  await expect(prompt).toBeHidden();

  const shown = page.getByRole('dialog', { name: 'API key created' });
  await expect(shown.getByTestId('api-key-secret')).toHaveValue(/^dfk_live_[a-z0-9]{12}_[A-Za-z0-9_-]{43}$/);
  expect(refused).toBe(1);
});
