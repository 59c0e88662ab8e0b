import type { Page } from '@playwright/test';
import { expect as baseExpect, test, uniqueEmail, verifyEmailOf } from '../support/fixtures.js';

// Pages load remotes at run time; on the shared 2-core machine that can take several seconds.
const expect = baseExpect.configure({ timeout: 30_000 });

// Issue 14, the payment clock, on the embedded payment provider (the stack's default): an owner starts a
// trial, the test clock's control in the billing portal moves time past the trial's 7 days, and the trial
// converts with the saved test card. The trial-ending email went out on the way (SMTP capture).

const PASSWORD = 'correct-horse-battery';

async function startProTrial(page: Page, card = '4242 4242 4242 4242') {
  const email = uniqueEmail('clock-owner');
  const registered = await page.request.post('/api/auth/register', {
    data: { email, password: PASSWORD, name: 'Clara Clock' },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  // Buying needs a verified address: the owner follows the link emailed at registration.
  await verifyEmailOf(page.request, email);
  await page.goto('/organization-setup');
  await page.getByLabel('Organization name').fill('Clock Ventures');
  await page.getByRole('button', { name: 'Start 7-Day Free Trial' }).click();
  await expect(page).toHaveURL(/\/pay\/checkout\/cs_/);
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /Start trial|Pay/ }).click();
  await expect(page).toHaveURL(/\/dashboard/, { timeout: 30_000 });
  return email;
}

test('the trial converts after 7 days on the test clock: a paid invoice, Pro still active, the trial-ending email', async ({
  page,
  mail,
}) => {
  test.setTimeout(240_000);
  const ownerEmail = await startProTrial(page);

  await page.goto('/billing');
  await expect(page.getByText('Free trial', { exact: true })).toBeVisible();
  const invoices = page.locator('[aria-labelledby="invoices-title"]');
  await expect(invoices.getByText('No invoices yet.')).toBeVisible();
  await expect(invoices.getByText('Trial ends')).toBeVisible();
  // Pro annual, one seat: the first charge at the trial's end.
  await expect(invoices.getByText(/^\$480\.00 on /)).toBeVisible();

  // The development control: the billing portal's test clock, 8 days forward.
  await page.getByRole('button', { name: 'Manage Billing' }).click();
  await expect(page).toHaveURL(/\/pay\/portal\//);
  await page.getByLabel('Advance by').selectOption('8');
  await page.getByRole('button', { name: 'Advance test clock' }).click();
  await expect(page.getByRole('status')).toHaveText(/Test clock advanced 8 days/);
  await expect(page.getByText('active', { exact: true })).toBeVisible();

  // Back on the Billing page: the paid invoice with its receipt, and Pro still active.
  await page.getByRole('link', { name: 'Return to billing' }).click();
  await expect(page).toHaveURL(/\/billing/);
  await expect(page.getByText('Professional')).toBeVisible();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByText('Free trial', { exact: true })).toHaveCount(0);
  const table = page.getByRole('table', { name: 'Invoices' });
  const row = table.getByRole('row').nth(1);
  await expect(row.getByText('$480.00')).toBeVisible();
  await expect(row.getByText('Paid')).toBeVisible();
  await expect(row.getByText(/^[A-Z0-9]{8}-0001$/)).toBeVisible();
  const receipt = row.getByRole('link', { name: /^Receipt for invoice / });
  const href = await receipt.getAttribute('href');
  expect(href).toMatch(/^\/pay\/receipts\//);

  // The printable receipt.
  const receiptPage = await page.context().newPage();
  await receiptPage.goto(href!);
  await expect(receiptPage.getByRole('heading', { name: 'Receipt' })).toBeVisible();
  await expect(receiptPage.getByText('1 × Pro (annual) (at $480.00 / year)')).toBeVisible();
  await expect(receiptPage.getByRole('button', { name: 'Print' })).toBeVisible();
  await receiptPage.emulateMedia({ media: 'print' });
  await expect(receiptPage.getByRole('button', { name: 'Print' })).toBeHidden();
  await receiptPage.close();

  // Three days before the trial's end the owner was emailed (billing.trial.ending -> identity's mailer).
  const trialEnding = await mail.waitFor(ownerEmail, {
    subject: 'Your free trial ends in 3 days',
    timeoutMs: 30_000,
  });
  expect(trialEnding.text).toContain('the Pro trial of Clock Ventures ends on');
  expect(trialEnding.text).toContain('your saved card will be charged $480.00');
});

test('a failed charge is retried on the schedule: the Billing page says when, a new card pays the next attempt', async ({
  page,
  mail,
}) => {
  test.setTimeout(240_000);
  // 4000 0000 0000 0341 attaches but every charge fails.
  const ownerEmail = await startProTrial(page, '4000 0000 0000 0341');

  await page.goto('/billing');
  await page.getByRole('button', { name: 'Manage Billing' }).click();
  await expect(page).toHaveURL(/\/pay\/portal\//);
  await page.getByLabel('Advance by').selectOption('8');
  await page.getByRole('button', { name: 'Advance test clock' }).click();
  await expect(page.getByRole('status')).toHaveText(/Test clock advanced 8 days/);
  await expect(page.getByText('past_due', { exact: true })).toBeVisible();

  // The Billing page: the failed payment and the day of the next attempt (3 days after the failure).
  await page.getByRole('link', { name: 'Return to billing' }).click();
  await expect(page).toHaveURL(/\/billing/);
  await expect(page.getByText(/^Payment failed: next attempt on /)).toBeVisible();
  const failed = await mail.waitFor(ownerEmail, { subject: 'Your payment failed', timeoutMs: 30_000 });
  expect(failed.text).toContain('We will try again on');

  // A working card in the portal; the next attempt pays the invoice and the plan is active again.
  await page.getByRole('button', { name: 'Manage Billing' }).click();
  await expect(page).toHaveURL(/\/pay\/portal\//);
  await page.getByLabel('New card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Update card' }).click();
  await expect(page.getByRole('status')).toHaveText(/Card updated/);
  await page.getByLabel('Advance by').selectOption('4');
  await page.getByRole('button', { name: 'Advance test clock' }).click();
  await expect(page.getByRole('status')).toHaveText(/Test clock advanced 4 days/);
  await expect(page.getByText('active', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Return to billing' }).click();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Payment failed: next attempt on /)).toHaveCount(0);
  const row = page.getByRole('table', { name: 'Invoices' }).getByRole('row').nth(1);
  await expect(row.getByText('Paid')).toBeVisible();
});
