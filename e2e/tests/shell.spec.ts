import type { Page, Route } from '@playwright/test';
import { expect, test, uniqueEmail } from '../support/fixtures.js';

// Issue 2's shell: public pages, a remote loaded into the shell, and a stopped remote that shows the error
// panel inside the layout while the rest keeps working.

const PASSWORD = 'correct-horse-battery';
/** First render of a page: the shell, then the remote's chunks (slow when the machine is busy). */
const PAGE_LOAD = 30_000;
const REMOTE_ERROR = 'This part of the app could not be loaded';

async function signedInOwner(page: Page) {
  const response = await page.request.post('/api/auth/register', {
    data: {
      email: uniqueEmail('shell'),
      password: PASSWORD,
      name: 'Sam Shell',
      organizationName: 'Shell Capital',
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

test('the landing page renders every section for a visitor', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: PAGE_LOAD });
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buy Now - $50' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Purchase Now' })).toBeVisible();
  for (const section of [
    'Everything a deal team needs',
    'See it in action',
    'Works with the tools you use',
    'Simple per-user pricing',
    'What investors say',
    'Frequently asked questions',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: /^Pro/ })).toContainText('Popular');
  const footer = page.getByRole('contentinfo');
  for (const link of ['Login', 'Terms of Service', 'Privacy Policy'])
    await expect(footer.getByRole('link', { name: link })).toBeVisible();
  // /register shows the same landing page.
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 2, name: 'Simple per-user pricing' })).toBeVisible({
    timeout: PAGE_LOAD,
  });
});

test('Login in the header loads the sign-in page from the mfe_auth remote into the shell', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('textbox', { name: /Email/ })).toBeVisible({ timeout: PAGE_LOAD });
  await expect(page.getByText(REMOTE_ERROR)).toHaveCount(0);
  const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
  expect(loaded.some((url) => url.includes('/remotes/mfe-auth/'))).toBe(true);
});

test("a remote's manifest and page chunk that fail once (a rollout's overlap) are asked again: the page loads", async ({
  page,
}) => {
  // As during a remote's rollout: the first answer for each comes from an instance of the other release.
  const failedOnce = new Set<string>();
  const failOnce = (what: string) => async (route: Route) => {
    if (failedOnce.has(what)) return route.continue();
    failedOnce.add(what);
    return route.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"Not found"}' });
  };
  await page.route(/\/remotes\/mfe-auth\/mf-manifest\.json$/, failOnce('manifest'));
  await page.route(/\/remotes\/mfe-auth\/__federation_expose_LoginPage\.[0-9a-f]{8}\.js$/, failOnce('chunk'));
  await page.goto('/login');
  await expect(page.getByRole('textbox', { name: /Email/ })).toBeVisible({ timeout: PAGE_LOAD });
  await expect(page.getByText(REMOTE_ERROR)).toHaveCount(0);
  expect([...failedOnce].sort()).toEqual(['chunk', 'manifest']);
});

test('/terms and /privacy show their sections and lead back home', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible({
    timeout: PAGE_LOAD,
  });
  await expect(page.getByText('Last updated: April 28, 2025')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '9. Governing Law' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible({
    timeout: PAGE_LOAD,
  });
  await expect(page.getByText(/children under 16/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
});

test('an unknown path shows the 404 screen with its hint', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible({
    timeout: PAGE_LOAD,
  });
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
});

test('a signed-out visitor to a protected page is sent to /login', async ({ page }) => {
  await page.goto('/team-members');
  await expect(page).toHaveURL(/\/login$/, { timeout: PAGE_LOAD });
});

test('a stopped remote shows the error panel inside the layout while the rest keeps working', async ({
  page,
  remotes,
}) => {
  await signedInOwner(page);
  await remotes.stop('mfe-team');
  await page.goto('/team-members');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: REMOTE_ERROR })).toBeVisible({ timeout: PAGE_LOAD });
  await expect(main.getByRole('button', { name: 'Retry' })).toBeVisible();
  // The layout around it works: company badge, navigation, page title, user footer.
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Team Members' })).toBeVisible();
  await expect(page.getByText('Shell Capital')).toBeVisible();
  await expect(page.getByTestId('page-title')).toHaveText('Team Members');
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

  // Another remote's page still loads.
  await nav.getByRole('link', { name: 'Integration 1' }).click();
  await expect(page.getByTestId('page-title')).toHaveText('Integration 1');
  await expect(page.getByRole('button', { name: 'Back to Dashboard' })).toBeVisible({ timeout: PAGE_LOAD });
  await expect(page.getByText(REMOTE_ERROR)).toHaveCount(0);

  // Once the remote is back, Retry loads it without a page reload.
  await nav.getByRole('link', { name: 'Team Members' }).click();
  await expect(main.getByRole('heading', { name: REMOTE_ERROR })).toBeVisible({ timeout: PAGE_LOAD });
  await remotes.start('mfe-team');
  await main.getByRole('button', { name: 'Retry' }).click();
  await expect(main.getByRole('heading', { level: 1, name: 'Team Members' })).toBeVisible({
    timeout: PAGE_LOAD,
  });
  await expect(page.getByText(REMOTE_ERROR)).toHaveCount(0);
});

test('with the billing remote stopped, the landing page falls back to its own purchase button', async ({
  page,
  remotes,
}) => {
  await remotes.stop('mfe-billing');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: PAGE_LOAD });
  await expect(page.getByRole('button', { name: 'Buy Now - $50' }).first()).toBeEnabled();
  await expect(page.getByText(REMOTE_ERROR)).toHaveCount(0);
});
