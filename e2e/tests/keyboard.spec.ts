import { expect, test, uniqueEmail } from '../support/fixtures.js';
import { PASSWORD, emailDeck, startTrialOrganization, tabTo } from './a11y-helpers.js';

// Issue 15 item 5: a keyboard-only walk (no mouse click from sign-in on): sign in, invite a member, open a
// record. Setup (account, trial, an emailed deck) goes through the API and the checkout as in records.spec.ts.

test('keyboard only: sign in, invite a member, open a record', async ({ page: setup, browser }) => {
  test.setTimeout(240_000);
  const email = await startTrialOrganization(setup, 'Keyboard Ventures');
  const sender = await emailDeck(setup.request);
  // The walk itself: a fresh browser with no session.
  const context = await browser.newContext();
  const page = await context.newPage();

  // Sign in.
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible({
    timeout: 30_000,
  });
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible({ timeout: 30_000 });

  // Invite a member: the sidebar link, the Invite Member button, the dialog's fields and its submit button.
  await tabTo(page, page.getByRole('link', { name: 'Team Members' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/team-members$/);
  const inviteButton = page.getByRole('button', { name: 'Invite Member' });
  await expect(inviteButton).toBeVisible({ timeout: 30_000 });
  await tabTo(page, inviteButton);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Invite Member' });
  await expect(dialog).toBeVisible();
  const name = dialog.getByRole('textbox', { name: 'Name', exact: true });
  await tabTo(page, name);
  await page.keyboard.type('Kit Keyboard');
  await tabTo(page, dialog.getByRole('textbox', { name: 'Email', exact: true }));
  const invitee = uniqueEmail('keyboard-invitee');
  await page.keyboard.type(invitee);
  await tabTo(page, dialog.getByRole('button', { name: 'Send Invitation' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Invitation sent', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: invitee })).toBeVisible();

  // Open a record: Processed Records from the sidebar, then the row's View extracted data.
  await tabTo(page, page.getByRole('link', { name: 'Processed Records' }), { back: true });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Processed Records' })).toBeVisible({ timeout: 30_000 });
  const row = page.getByRole('row').filter({ hasText: sender });
  await expect(row.getByText('Completed', { exact: true })).toBeVisible({ timeout: 90_000 });
  await tabTo(page, row.getByRole('button', { name: 'View extracted data' }));
  await page.keyboard.press('Enter');
  const record = page.getByRole('dialog', { name: 'Extracted Data' });
  await expect(record).toBeVisible();
  await expect(record.getByText('Keyless Labs').first()).toBeVisible();
  // The dialog takes the focus (its first correction button). When that button's tooltip is showing, the first
  // Escape dismisses the tooltip (WCAG 1.4.13) and the next one closes the dialog.
  await expect.poll(() => record.evaluate((surface) => surface.contains(document.activeElement))).toBe(true);
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(record).toBeHidden({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  // The focus goes back to the button that opened the dialog (WCAG 2.4.3), so the walk can go on from the row.
  await expect(row.getByRole('button', { name: 'View extracted data' })).toBeFocused();
  await context.close();
});
