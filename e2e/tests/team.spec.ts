import type { Browser, Page } from '@playwright/test';
import { expect, test, uniqueEmail, verifyEmailOf } from '../support/fixtures.js';

// Issue 3's "Done when", team side (mfe-team and the invitation screens of mfe-auth).

const PASSWORD = 'correct-horse-battery';
/** First render of a page: the shell, then the remote's chunks (slow when the machine is busy). */
const PAGE_LOAD = 30_000;

/** A signed-in owner: registered through the page's own request context, so the page shares the cookie. */
async function signedInOwner(page: Page) {
  const email = uniqueEmail('owner');
  const response = await page.request.post('/api/auth/register', {
    data: { email, password: PASSWORD, name: 'Olivia Owner', organizationName: 'Owner Ventures' },
  });
  expect(response.ok(), await response.text()).toBe(true);
  // Inviting needs a verified address (issue 15): the owner follows the emailed link.
  await verifyEmailOf(page.request, email);
  return email;
}

async function openInviteDialog(page: Page) {
  await page.getByRole('button', { name: 'Invite Member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite Member' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function invite(page: Page, name: string, email: string) {
  const dialog = await openInviteDialog(page);
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(page.getByText('Invitation sent', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
}

const row = (page: Page, table: string, text: string) =>
  page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: text });

async function memberPage(browser: Browser, link: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  return { context, page };
}

async function inviteLinkFor(
  mail: {
    waitFor: (
      to: string,
      o?: { timeoutMs?: number; subject?: RegExp },
    ) => Promise<{ links: string[]; text: string }>;
  },
  email: string,
) {
  // The invitation (an invitee with an account also got its verification email, whose link has a token too).
  const message = await mail.waitFor(email, { timeoutMs: 20_000, subject: /invited you/ });
  const link = message.links.find((l) => l.includes('token='));
  expect(link, message.text).toBeTruthy();
  return link!;
}

test('owner invites a member by email; the member joins and sees the list; owner changes the role, revokes and removes', async ({
  page,
  browser,
  mail,
}) => {
  test.setTimeout(180_000);
  await signedInOwner(page);
  await page.goto('/team-members');
  await expect(page.getByRole('heading', { name: 'Team Members', level: 1 })).toBeVisible({
    timeout: PAGE_LOAD,
  });
  await expect(row(page, 'Members', 'Olivia Owner')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pending Invitations' })).toBeVisible();
  await expect(page.getByText('No pending invitations.')).toBeVisible();

  // The invite dialog's rules and billing notice.
  const dialog = await openInviteDialog(page);
  await expect(dialog.getByText('billed on a non-free plan', { exact: false })).toBeVisible();
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(dialog.getByText('Name must be at least 2 characters.')).toBeVisible();
  await expect(dialog.getByText('Please enter a valid email address.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const memberEmail = uniqueEmail('max');
  await invite(page, 'Max Member', memberEmail);
  await expect(row(page, 'Pending Invitations', memberEmail)).toBeVisible();

  // The emailed link: invitation details for a signed-out visitor, then complete-profile creates the account.
  const link = await inviteLinkFor(mail, memberEmail);
  const member = await memberPage(browser, link);
  await expect(member.page.getByText('Owner Ventures').first()).toBeVisible({ timeout: PAGE_LOAD });
  await expect(member.page.getByText('Olivia Owner')).toBeVisible();
  await expect(member.page.getByText('Member', { exact: true })).toBeVisible();
  await expect(member.page.getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
  await member.page.getByRole('button', { name: 'Complete Profile' }).click();
  await expect(member.page).toHaveURL(/\/auth\/complete-profile\?token=/);
  await expect(member.page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Max Member');
  await member.page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await member.page.getByLabel('Confirm password').fill('not-the-same-password');
  await member.page.getByRole('button', { name: 'Create Account' }).click();
  await expect(member.page.getByText("Passwords don't match")).toBeVisible();
  await member.page.getByLabel('Confirm password').fill(PASSWORD);
  await member.page.getByRole('button', { name: 'Create Account' }).click();
  await expect(member.page.getByRole('heading', { name: 'Welcome aboard!' })).toBeVisible();
  await expect(member.page).toHaveURL(/\/dashboard/, { timeout: 20_000 });

  // The member sees the members list, and none of the owner's entries.
  await member.page.goto('/team-members');
  await expect(row(member.page, 'Members', 'Olivia Owner')).toBeVisible({ timeout: PAGE_LOAD });
  await expect(row(member.page, 'Members', memberEmail)).toBeVisible();
  await expect(member.page.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
  await expect(member.page.getByRole('button', { name: 'Invite Member' })).toHaveCount(0);
  await expect(member.page.getByRole('heading', { name: 'Pending Invitations' })).toHaveCount(0);
  await expect(member.page.getByRole('link', { name: 'Billing' })).toHaveCount(0);

  // Owner: the invitation is gone from the pending list; change the member's role and back.
  await page.reload();
  await expect(row(page, 'Members', memberEmail)).toBeVisible({ timeout: PAGE_LOAD });
  await expect(row(page, 'Pending Invitations', memberEmail)).toHaveCount(0);
  await row(page, 'Members', memberEmail).getByRole('button', { name: 'Change Role' }).click();
  const roleDialog = page.getByRole('dialog', { name: 'Change Role' });
  await roleDialog.getByLabel('Role for Max Member').selectOption('owner');
  await roleDialog.getByRole('button', { name: 'Save Role' }).click();
  await expect(page.getByText('Max Member is now Owner.')).toBeVisible();
  await expect(row(page, 'Members', memberEmail).getByText('Owner', { exact: true })).toBeVisible();
  await row(page, 'Members', memberEmail).getByRole('button', { name: 'Change Role' }).click();
  await roleDialog.getByLabel('Role for Max Member').selectOption('member');
  await roleDialog.getByRole('button', { name: 'Save Role' }).click();
  await expect(row(page, 'Members', memberEmail).getByText('Member', { exact: true })).toBeVisible();

  // A second invitation: change its role, then revoke it.
  const pendingEmail = uniqueEmail('pending');
  await invite(page, 'Penny Pending', pendingEmail);
  await row(page, 'Pending Invitations', pendingEmail).getByRole('button', { name: 'Change Role' }).click();
  const invitationRole = page.getByRole('dialog', { name: 'Change Invitation Role' });
  await invitationRole.getByLabel(`Role for ${pendingEmail}`).selectOption('owner');
  await invitationRole.getByRole('button', { name: 'Save Role' }).click();
  await expect(
    row(page, 'Pending Invitations', pendingEmail).getByText('Owner', { exact: true }),
  ).toBeVisible();
  await row(page, 'Pending Invitations', pendingEmail).getByRole('button', { name: 'Revoke' }).click();
  await page
    .getByRole('dialog', { name: 'Revoke Invitation' })
    .getByRole('button', { name: 'Revoke Invitation' })
    .click();
  await expect(page.getByText('Invitation revoked', { exact: true })).toBeVisible();
  await expect(row(page, 'Pending Invitations', pendingEmail)).toHaveCount(0);
  const revokedLink = await inviteLinkFor(mail, pendingEmail);
  const stranger = await memberPage(browser, revokedLink);
  await expect(stranger.page.getByText('This invitation does not exist or has been revoked.')).toBeVisible({
    timeout: PAGE_LOAD,
  });
  await stranger.context.close();

  // Remove the member (the dialog carries the billing notice); they lose access.
  await row(page, 'Members', memberEmail).getByRole('button', { name: 'Remove' }).click();
  const removeDialog = page.getByRole('dialog', { name: 'Remove Member' });
  await expect(removeDialog.getByText('billed on a non-free plan', { exact: false })).toBeVisible();
  await removeDialog.getByRole('button', { name: 'Remove Member' }).click();
  await expect(page.getByText('Member removed', { exact: true })).toBeVisible();
  await expect(row(page, 'Members', memberEmail)).toHaveCount(0);
  // Nobody removes themselves: the owner's own row has no actions.
  await expect(row(page, 'Members', 'Olivia Owner').getByRole('button')).toHaveCount(0);
  await member.context.close();
});

async function settingsTab(page: Page, name: 'Profile' | 'Security' | 'Organization') {
  await page.getByRole('tab', { name }).click();
}

test('settings: profile edit, password change and account deletion', async ({ page, request }) => {
  test.setTimeout(120_000);
  const email = await signedInOwner(page);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible({ timeout: PAGE_LOAD });
  await expect(page.getByRole('tab', { name: 'Organization' })).toBeVisible();

  // Profile
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Olivia Owner');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('O');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Olivia Renamed');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Profile updated', { exact: true })).toBeVisible();
  await expect
    .poll(async () => (await (await page.request.get('/api/auth/me')).json()).user.name)
    .toBe('Olivia Renamed');

  // Organization (owner only)
  await settingsTab(page, 'Organization');
  await page.getByLabel('Organization name').fill('Renamed Ventures');
  await page.getByRole('button', { name: 'Save Organization' }).click();
  await expect(page.getByText('Organization updated', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Delete Organization' })).toBeVisible();

  // Security
  await settingsTab(page, 'Security');
  await page.getByLabel('Current password').fill('short');
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('new-password-123');
  await page.getByLabel('Confirm new password').fill('new-password-124');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password must be at least 8 characters.')).toBeVisible();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByLabel('Current password').fill('wrong-current-password');
  await page.getByLabel('Confirm new password').fill('new-password-123');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Update failed', { exact: true })).toBeVisible();
  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password updated', { exact: true })).toBeVisible();
  expect(
    (await request.post('/api/auth/login', { data: { email, password: 'new-password-123' } })).ok(),
  ).toBe(true);

  // Delete the account: confirm, then the password dialog (disabled while empty), then logged out.
  await settingsTab(page, 'Profile');
  await page.getByRole('button', { name: 'Delete Account' }).click();
  await page
    .getByRole('dialog', { name: 'Delete your account?' })
    .getByRole('button', { name: 'Continue' })
    .click();
  const passwordDialog = page.getByRole('dialog', { name: 'Confirm with your password' });
  const confirm = passwordDialog.getByRole('button', { name: 'Delete Account' });
  await expect(confirm).toBeDisabled();
  await passwordDialog.getByRole('textbox', { name: 'Password', exact: true }).fill('new-password-123');
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await expect(page).toHaveURL(/\/login/, { timeout: 20_000 });
  expect(
    (await request.post('/api/auth/login', { data: { email, password: 'new-password-123' } })).status(),
  ).toBe(401);
});

test('a member has no Organization tab in settings', async ({ page, browser, mail }) => {
  test.setTimeout(120_000);
  await signedInOwner(page);
  const memberEmail = uniqueEmail('member');
  const response = await page.request.post('/api/organization/invite', {
    data: { name: 'Mia Member', email: memberEmail, role: 'member' },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const link = await inviteLinkFor(mail, memberEmail);
  const member = await memberPage(browser, link.replace('/accept-invitation', '/auth/complete-profile'));
  await member.page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await member.page.getByLabel('Confirm password').fill(PASSWORD);
  await member.page.getByRole('button', { name: 'Create Account' }).click();
  await expect(member.page).toHaveURL(/\/dashboard/, { timeout: 20_000 });
  await member.page.goto('/settings');
  await expect(member.page.getByRole('tab', { name: 'Security' })).toBeVisible({ timeout: PAGE_LOAD });
  await expect(member.page.getByRole('tab', { name: 'Organization' })).toHaveCount(0);
  await member.context.close();
});

test('a signed-in person accepts an invitation from the emailed link', async ({ page, browser, mail }) => {
  test.setTimeout(120_000);
  await signedInOwner(page);
  // The invitee already has an account (no organization yet) and is signed in in their own browser.
  const inviteeEmail = uniqueEmail('ivy');
  const invitee = await browser.newContext();
  const inviteePage = await invitee.newPage();
  const registered = await inviteePage.request.post('/api/auth/register', {
    data: { email: inviteeEmail, password: PASSWORD, name: 'Ivy Invitee' },
  });
  expect(registered.ok(), await registered.text()).toBe(true);

  const response = await page.request.post('/api/organization/invite', {
    data: { name: 'Ivy Invitee', email: inviteeEmail, role: 'member' },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const link = await inviteLinkFor(mail, inviteeEmail);
  await inviteePage.goto(link);
  await inviteePage.getByRole('button', { name: 'Accept Invitation' }).click({ timeout: PAGE_LOAD });
  await expect(inviteePage.getByRole('heading', { name: 'Invitation accepted' })).toBeVisible();
  await expect(inviteePage).toHaveURL(/\/dashboard/, { timeout: 20_000 });

  await page.goto('/team-members');
  await expect(row(page, 'Members', inviteeEmail)).toBeVisible({ timeout: PAGE_LOAD });
  await invitee.close();
});
