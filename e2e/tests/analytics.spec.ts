import type { Page } from '@playwright/test';
import { expect as baseExpect, test, uniqueEmail, verifyEmailOf } from '../support/fixtures.js';
import { PASSWORD, emailDeck, expectNoViolations, startTrialOrganization } from './a11y-helpers.js';

// Issue 14 item 4: the analytics page (Pro). A Pro owner with a processed deck sees the charts drawn from
// svc-ingest's aggregates; a Basic owner sees the upgrade panel and the server refuses the aggregates.

// Pages load remotes at run time; on the shared 2-core machine that can take several seconds.
const expect = baseExpect.configure({ timeout: 30_000 });

/** A new owner on a Basic monthly trial, signed in. */
async function startBasicOrganization(page: Page, name: string) {
  const email = uniqueEmail('basic-owner');
  const registered = await page.request.post('/api/auth/register', {
    data: { email, password: PASSWORD, name: 'Bea Basic' },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  // Buying needs a verified address: the owner follows the link emailed at registration.
  await verifyEmailOf(page.request, email);
  await page.goto('/organization-setup');
  await page.getByLabel('Organization name').fill(name);
  await page.getByRole('radio', { name: /^Basic/ }).check();
  await page.getByRole('button', { name: 'Start 7-Day Free Trial' }).click();
  await expect(page).toHaveURL(/\/pay\/checkout\/cs_/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /Start trial|Pay/ }).click();
  await expect(page).not.toHaveURL(/\/pay\//, { timeout: 30_000 });
  if (!(await page.request.get('/api/auth/me')).ok()) {
    const login = await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
    expect(login.ok(), await login.text()).toBe(true);
  }
}

/** Waits until identity's read of the subscription says `plan` (the page decides from it). */
async function waitForPlan(page: Page, plan: 'basic' | 'pro') {
  await expect
    .poll(
      async () => {
        const me = await page.request.get('/api/auth/me');
        return me.ok()
          ? ((await me.json()) as { organization: { plan: string } | null }).organization?.plan
          : null;
      },
      { timeout: 30_000 },
    )
    .toBe(plan);
}

test('a Pro owner with a processed deck sees the charts; the figures match the record', async ({ page }) => {
  test.setTimeout(240_000);
  await startTrialOrganization(page, 'Chart Ventures');
  await waitForPlan(page, 'pro');
  await emailDeck(page.request);
  // The record completes and its deal is linked (built-in CRM) before the funnel can count it.
  await expect
    .poll(
      async () => {
        const list = await page.request.get('/api/emails');
        const body = (await list.json()) as { data: Array<{ status: string; dealUrl: string | null }> };
        return body.data[0] ? `${body.data[0].status}:${body.data[0].dealUrl ? 'deal' : 'none'}` : 'none';
      },
      { timeout: 90_000 },
    )
    .toBe('completed:deal');

  // svc-ingest learns the plan from billing.subscription.changed: its aggregates answer once it has.
  await expect
    .poll(async () => (await page.request.get('/api/analytics/funnel')).status(), {
      timeout: 30_000,
      message: 'svc-ingest has not applied the Pro trial (billing.subscription.changed)',
    })
    .toBe(200);

  await page.goto('/dashboard');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Analytics' })
    .click();
  await expect(page).toHaveURL(/\/analytics$/);
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();

  for (const title of [
    'Decks per week',
    'Funnel',
    'By industry',
    'By stage',
    'By country',
    'Time to process',
  ]) {
    const card = page
      .locator('[aria-labelledby]')
      .filter({ has: page.getByRole('heading', { name: title }) });
    // Each chart is drawn (SVG from @fluentui/react-charts), not the fallback.
    await expect(card.locator('svg').first()).toBeVisible();
  }
  await expect(page.getByText(/could not be drawn|could not be loaded/)).toHaveCount(0);

  // The table alternative tells the same figures: one deck received, completed, with a deal.
  const funnel = page
    .locator('[aria-labelledby]')
    .filter({ has: page.getByRole('heading', { name: 'Funnel' }) });
  await funnel.getByText('Show as a table').click();
  const table = funnel.getByRole('table', { name: 'Funnel (table)' });
  await expect(table.getByRole('row', { name: /Received 1 100%/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /Deal created 1 100%/ })).toBeVisible();
  const stages = page
    .locator('[aria-labelledby]')
    .filter({ has: page.getByRole('heading', { name: 'By stage' }) });
  await stages.getByText('Show as a table').click();
  await expect(stages.getByRole('table').getByRole('row', { name: /Seed 1 100%/ })).toBeVisible();

  // The charts page, with its drawings and tables, passes axe.
  await expectNoViolations(page, '/analytics (Pro, charts)');
});

test('a Basic owner sees the upgrade panel, and the server refuses the aggregates', async ({ page }) => {
  test.setTimeout(180_000);
  await startBasicOrganization(page, 'Basic Ventures');
  await waitForPlan(page, 'basic');
  await page.goto('/analytics');
  await expect(page.getByRole('heading', { name: 'Analytics is a Pro feature' })).toBeVisible();
  await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
  await expect(page).toHaveURL(/\/billing$/);

  const refused = await page.request.get('/api/analytics/funnel');
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toMatch(/available on the Pro plan/);
});
