import { expect as baseExpect, test } from '../support/fixtures.js';
import { startTrialOrganization } from '../support/records.js';

// svc-identity's development SUPPORT_EMAIL (the stack sets none).
const SUPPORT_ADDRESS = 'support@dealflow.local';

// Pages load remotes at run time; on the shared 2-core machine that can take several seconds.
const expect = baseExpect.configure({ timeout: 30_000 });

// Issue 20 item 9, "Done when": a Pro owner sends a support request from the Help menu and gets the
// acknowledgement email; the support address gets it flagged as priority with the plan and organization.

test('a Pro owner sends a support request from the Help menu and gets the acknowledgement email', async ({
  page,
  mail,
}) => {
  test.setTimeout(180_000);
  const { email } = await startTrialOrganization(page, 'Priority Ventures', 'Paula Pro');

  // Identity hears of the Pro trial through billing's event: the page says priority once it has.
  await expect
    .poll(async () => (await (await page.request.get('/api/support/requests')).json()).priority, {
      timeout: 30_000,
    })
    .toBe(true);

  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Help' }).click();
  await page.getByRole('menuitem', { name: 'Contact support' }).click();
  await expect(page).toHaveURL(/\/support$/);
  await expect(page.getByRole('heading', { name: 'Contact support' })).toBeVisible();
  await expect(page.getByText('Priority support (Pro): we answer within 4 business hours.')).toBeVisible();
  await expect(page.getByText('No support requests yet.', { exact: false })).toBeVisible();

  // The form says what is missing before sending anything.
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('Please enter a subject.')).toBeVisible();

  await page.getByRole('textbox', { name: /Subject/ }).fill('Deck stuck in processing');
  await page
    .getByRole('textbox', { name: /Message/ })
    .fill('The deck from Tuesday has been processing for an hour.\nCan you have a look?');
  await page.getByRole('button', { name: 'Send request' }).click();

  const sent = page.getByRole('status').filter({ hasText: 'Request sent: SR-' });
  await expect(sent).toBeVisible();
  const reference = /SR-\d{6}/.exec((await sent.textContent()) ?? '')?.[0];
  expect(reference).toBeTruthy();

  // The acknowledgement, to the owner: the reference and Pro's promise.
  const ack = await mail.waitFor(email, {
    subject: `We received your request ${reference}`,
    timeoutMs: 20_000,
  });
  expect(ack.text).toContain('we will answer within 4 business hours');
  expect(ack.text).toContain('Deck stuck in processing');

  // The request, to the support address: priority, with the organization and plan; replies go to the owner.
  const toSupport = await mail.waitFor(SUPPORT_ADDRESS, {
    subject: `[PRIORITY] ${reference}`,
    timeoutMs: 20_000,
  });
  expect(toSupport.subject).toBe(`[PRIORITY] ${reference}: Deck stuck in processing`);
  expect(toSupport.text).toContain('Organization: Priority Ventures');
  expect(toSupport.text).toContain('Plan: pro (trialing)');
  expect(toSupport.headers['reply-to']).toContain(email);

  // The organization's requests, with their status.
  const row = page.getByTestId('support-request').filter({ hasText: reference! });
  await expect(row).toContainText('Deck stuck in processing');
  await expect(row).toContainText('Open');
  await row.getByRole('button', { name: `Close ${reference}` }).click();
  await expect(row).toContainText('Closed');
});
