import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from '../support/fixtures.js';
import { emailDeck, startTrialOrganization } from './a11y-helpers.js';
import { PASSWORD } from '../support/records.js';

// Issue 23 items 2 and 3, "Done when": a member drags a deal from New to Screening on the board (and moves it
// with the keyboard), assigns it, comments with an @mention (the mentioned member gets the email) and rates it.

const column = (page: Page, stage: string) => page.getByTestId(`stage-${stage}`);

test('the deal board: drag and keyboard moves, assign to me, an @mention email and a rating', async ({
  page,
  browser,
  mail,
}) => {
  test.setTimeout(300_000);
  // Signed in, address verified (the helper follows the link), on a Pro trial.
  await startTrialOrganization(page, 'Pipeline Ventures');

  // A second member, to be mentioned.
  const memberEmail = uniqueEmail('mia');
  const invited = await page.request.post('/api/organization/invite', {
    data: { name: 'Mia Member', email: memberEmail, role: 'member' },
  });
  expect(invited.ok(), await invited.text()).toBe(true);
  const invitation = await mail.waitFor(memberEmail, { timeoutMs: 20_000, subject: /invited you/ });
  const link = invitation.links.find((l) => l.includes('token='))!;
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await memberPage.goto(link.replace('/accept-invitation', '/auth/complete-profile'));
  await memberPage.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await memberPage.getByLabel('Confirm password').fill(PASSWORD);
  await memberPage.getByRole('button', { name: 'Create Account' }).click();
  await expect(memberPage).toHaveURL(/\/dashboard/, { timeout: 30_000 });
  await memberContext.close();

  // A deck becomes a deal in the built-in CRM.
  await emailDeck(page.request);
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/deals')).json()) as { deals: unknown[] }).deals.length,
      { timeout: 120_000 },
    )
    .toBe(1);

  await page.goto('/deals');
  await expect(column(page, 'New').getByRole('button', { name: 'Keyless Labs', exact: true })).toBeVisible({
    timeout: 30_000,
  });

  // Drag from New to Screening with the mouse.
  const handle = page.getByRole('button', { name: 'Move Keyless Labs' });
  const from = (await handle.boundingBox())!;
  const to = (await column(page, 'Screening').boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 20, from.y + 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + 60, { steps: 15 });
  await page.mouse.up();
  await expect(
    column(page, 'Screening').getByRole('button', { name: 'Keyless Labs', exact: true }),
  ).toBeVisible();
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/deals')).json()) as { deals: { stage: string }[] }).deals[0]!
          .stage,
    )
    .toBe('Screening');

  // And on to First meeting with the keyboard: Space, arrow right, Space.
  await page.getByRole('button', { name: 'Move Keyless Labs' }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  await expect(
    column(page, 'First meeting').getByRole('button', { name: 'Keyless Labs', exact: true }),
  ).toBeVisible();
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/deals')).json()) as { deals: { stage: string }[] }).deals[0]!
          .stage,
    )
    .toBe('First meeting');

  // The deal's panel: assign it to me, then it is in My deals.
  await column(page, 'First meeting').getByRole('button', { name: 'Keyless Labs', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Keyless Labs' });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('button', { name: 'Assign to me' }).click();
  await expect(drawer.getByText('Kim Keyboard', { exact: true })).toBeVisible();

  // A comment that @mentions Mia: she gets the email.
  await drawer.getByRole('textbox', { name: 'Comment' }).fill('@Mi');
  await drawer.getByRole('button', { name: '@Mia Member' }).click();
  await drawer.getByRole('textbox', { name: 'Comment' }).pressSequentially('can you take the founder call?');
  await drawer.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(drawer.getByText('@Mia Member can you take the founder call?')).toBeVisible();
  const mention = await mail.waitFor(memberEmail, {
    subject: /mentioned you on Keyless Labs/,
    timeoutMs: 60_000,
  });
  expect(mention.subject).toBe('Kim Keyboard mentioned you on Keyless Labs');
  expect(mention.text).toContain('@Mia Member can you take the founder call?');
  expect(mention.links.some((l) => l.includes('/deals?deal='))).toBe(true);

  // A rating: the team's average appears once rated.
  await expect(drawer.getByText(/ratings are shown once you have rated/)).toBeVisible();
  await drawer.getByRole('radio', { name: '4' }).check();
  await drawer.getByRole('textbox', { name: 'Note (optional)' }).fill('Strong team');
  await drawer.getByRole('button', { name: 'Save rating' }).click();
  await expect(drawer.getByTestId('rating-summary')).toHaveText('Team: 4.0 average, spread 0, 1 rating');
  await expect(drawer.getByText('Rated 4/5: Strong team')).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).click();

  // My deals lists it.
  await page.getByRole('tab', { name: 'My deals' }).click();
  await expect(
    column(page, 'First meeting').getByRole('button', { name: 'Keyless Labs', exact: true }),
  ).toBeVisible();
});
