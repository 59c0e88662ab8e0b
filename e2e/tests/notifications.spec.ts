import { expect, test } from '../support/fixtures.js';
import { emailDeck, startTrialOrganization } from './a11y-helpers.js';

// Issue 14 item 6: the notification settings drive real emails, caught by the SMTP capture. A deck emailed to
// the organization brings "New deck" and "Deal created" to the owner; the email's unsubscribe link (no sign-in)
// turns that one setting off, mail clients get a one-click List-Unsubscribe, and Settings shows the change.
test('an emailed deck notifies the owner by email, and its unsubscribe link turns that email off', async ({
  page,
  browser,
  mail,
}) => {
  test.setTimeout(240_000);
  const owner = await startTrialOrganization(page, 'Notify Ventures');
  await emailDeck(page.request);

  const deck = await mail.waitFor(owner, { subject: 'New deck: Keyless Labs', timeoutMs: 90_000 });
  expect(deck.text).toContain('Keyless Labs - Seed deck');
  expect(deck.headers['list-unsubscribe']).toMatch(
    /^<http.*\/api\/settings\/notifications\/unsubscribe\?token=.+>$/,
  );
  expect(deck.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  const deal = await mail.waitFor(owner, { subject: 'Deal created: Keyless Labs', timeoutMs: 60_000 });
  expect(deal.links.some((link) => link.includes('/processed-emails?deal='))).toBe(true);

  // The link in the body, opened in a browser with no session.
  const unsubscribe = deck.links.find((link) => link.includes('/unsubscribe?token='));
  expect(unsubscribe, deck.text).toBeTruthy();
  const visitor = await browser.newContext();
  const tab = await visitor.newPage();
  await tab.goto(new URL(unsubscribe!).pathname + new URL(unsubscribe!).search);
  await tab.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(
    tab.getByText(/You will no longer receive emails about processed pitch decks at/),
  ).toBeVisible();
  await visitor.close();

  // The owner's Settings show it off; the deal emails stay on.
  await page.goto('/settings');
  await expect(
    page.getByRole('switch', { name: 'Email me when a pitch deck has been processed' }),
  ).not.toBeChecked({
    timeout: 30_000,
  });
  await expect(
    page.getByRole('switch', { name: 'Email me when a deal is created in the CRM' }),
  ).toBeChecked();
});
