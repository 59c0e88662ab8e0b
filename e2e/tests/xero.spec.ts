import { readFile } from 'node:fs/promises';
import { expect as baseExpect, test } from '../support/fixtures.js';
import { emailDeck, expectNoViolations, startTrialOrganization } from './a11y-helpers.js';

// Issue 14 item 7: Integration 2 is Xero. svc-ingest talks to the Xero stand-in (support/xero.ts) through the
// official xero-node SDK; an emailed deck becomes a record with a CRM deal, and Start Sync pushes its company.

const expect = baseExpect.configure({ timeout: 30_000 });

test('connects a Xero custom connection, refuses a wrong secret, syncs and logs the runs', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const clientId = process.env.E2E_XERO_CLIENT_ID!;
  const clientSecret = process.env.E2E_XERO_CLIENT_SECRET!;
  await startTrialOrganization(page, 'Ledger Ventures');
  await emailDeck(page.request);
  await expect
    .poll(
      async () => {
        const list = await page.request.get('/api/emails');
        const body = (await list.json()) as { data: Array<{ dealUrl: string | null }> };
        return body.data[0]?.dealUrl ? 'deal' : 'none';
      },
      { timeout: 120_000 },
    )
    .toBe('deal');

  await page.goto('/integration-2');
  // The page also holds the CRM (Affinity) connection: work inside Xero's form.
  const xero = page.getByRole('form', { name: 'Integration 2 connection' });
  await xero.getByLabel('Client ID').fill(clientId);
  await xero.getByLabel('Client Secret').fill('not-the-secret');
  await xero.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(xero.getByText('Xero refused the Client ID and Client Secret')).toBeVisible();
  await expect(xero.getByText('Disconnected')).toBeVisible();

  await xero.getByLabel('Client Secret').fill(clientSecret);
  await xero.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(xero.getByText('to Demo Company (Global)')).toBeVisible();

  await page.getByRole('tab', { name: 'Sync' }).click();
  await expect(page.getByText('No sync has run yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Start Sync' }).click();
  const log = page.getByRole('table', { name: 'Sync log' });
  const first = log.getByRole('row').nth(1);
  await expect(first).toContainText('Manual');
  await expect(first).toContainText('Succeeded');
  // Created 1, updated 0, failed 0.
  await expect(first.getByRole('cell').nth(3)).toHaveText('1');

  // Again: the same company is updated in Xero, not added twice.
  await page.getByRole('button', { name: 'Start Sync' }).click();
  await expect(log.getByRole('row')).toHaveCount(3);
  const second = log.getByRole('row').nth(1);
  await expect(second.getByRole('cell').nth(3)).toHaveText('0');
  await expect(second.getByRole('cell').nth(4)).toHaveText('1');

  // Each run keeps an export of what it sent; the first two in the default format (JSON).
  const [json] = await Promise.all([
    page.waitForEvent('download'),
    second.getByRole('link', { name: /^Download JSON: the sync of / }).click(),
  ]);
  expect(json.suggestedFilename()).toMatch(/^xero-sync-\d+-\d{4}-\d{2}-\d{2}\.json$/);
  const sent = JSON.parse(await readFile((await json.path())!, 'utf8')) as {
    xeroOrganisation: string;
    contacts: Array<{ ContactID: string; Name: string; Outcome: string }>;
  };
  expect(sent.xeroOrganisation).toBe('Demo Company (Global)');
  expect(sent.contacts).toHaveLength(1);
  expect(sent.contacts[0]).toMatchObject({
    Outcome: 'updated',
    ContactID: expect.stringMatching(/^[0-9a-f-]{36}$/),
  });

  // The format of the sync export is CSV from now on (Xero still receives JSON).
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByLabel('Format of the sync export').selectOption('csv');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Integration 2 settings were updated.').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Sync' }).click();
  await page.getByRole('button', { name: 'Start Sync' }).click();
  await expect(log.getByRole('row')).toHaveCount(4);
  const third = log.getByRole('row').nth(1);
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    third.getByRole('link', { name: /^Download CSV: the sync of / }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^xero-sync-\d+-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile((await csv.path())!, 'utf8')).trim().split('\r\n');
  expect(lines[0]).toBe(
    '"ContactID","Name","Website","EmailAddress","FirstName","LastName","Outcome","Error"',
  );
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(sent.contacts[0]!.ContactID);
  expect(lines[1]).toContain(`${sent.contacts[0]!.Name}`);
  expect(lines[1]).toMatch(/,"updated",""$/);
  await expectNoViolations(page, 'Integration 2, Sync tab with its log');
});
