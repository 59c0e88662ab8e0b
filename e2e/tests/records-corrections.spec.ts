import { expect, test } from '../support/fixtures.js';
import {
  createDeckPdf,
  createRawEmail,
  findInbox,
  postRawMail,
  startTrialOrganization,
} from '../support/records.js';

// Issue 11 items 4 and 10: a deck record opens its extracted data with the slide each value came from, and a
// corrected field reaches the CRM deal (svc-ingest -> ingest.record.corrected -> svc-crm).

test('a deck record shows the slide of each value, and a corrected field shows on the CRM deal', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await startTrialOrganization(page, 'Cora Capital', 'Cora Corrections');
  const inbox = await findInbox(page.request);

  const pdf = await createDeckPdf([
    ['Nimbus Freight', 'Cargo drones for islands'],
    ['Traction', 'ARR: $900k', 'Customers: 40'],
    ['The Ask', 'Raising a $3M Seed round', 'Founded 2022 in Austin, TX', 'Website: www.nimbusfreight.io'],
  ]);
  // Sent two days before it arrives: the record's Received is the email's Date.
  const sentAt = new Date(Date.now() - 2 * 24 * 3600_000);
  const emailId = await postRawMail(
    page.request,
    inbox,
    createRawEmail({
      from: 'Nia Founder <nia@nimbusfreight.io>',
      to: inbox.inboundAddress,
      subject: 'Nimbus Freight deck',
      sentAt,
      pdf,
    }),
  );

  await page.goto('/processed-emails');
  const row = page.getByRole('row').filter({ hasText: 'nia@nimbusfreight.io' });
  await expect(row.getByText('Completed', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(row.getByRole('button', { name: 'View CRM deal' })).toBeVisible({ timeout: 30_000 });
  await expect(row.getByText(/^Ingested Today, /)).toBeVisible();

  // The extracted data says where each value came from.
  await row.getByRole('button', { name: 'View extracted data' }).click();
  const extracted = page.getByRole('dialog', { name: 'Extracted Data' });
  const company = extracted.getByRole('region', { name: 'Company Information' });
  await expect(company.getByText('Nimbus Freight', { exact: true })).toBeVisible();
  await expect(company.getByText('from slide 1').first()).toBeVisible();
  const funding = extracted.getByRole('region', { name: 'Funding Information' });
  await expect(funding.getByText('from slide 3').first()).toBeVisible();

  // Correct the company name: saved, shown as edited.
  await company.getByRole('button', { name: 'Correct Name' }).click();
  const input = company.getByRole('textbox', { name: 'Name' });
  await input.fill('Nimbus Logistics');
  await company.getByRole('button', { name: 'Save' }).click();
  await expect(company.getByText('Nimbus Logistics', { exact: true })).toBeVisible();
  await expect(company.getByText('edited', { exact: true })).toBeVisible();
  await extracted.getByRole('button', { name: 'Close' }).click();

  // The correction travels to the CRM through the broker; the deal shows it.
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/deals/by-email/${emailId}`)).json()) as { companyName: string })
          .companyName,
      { timeout: 30_000 },
    )
    .toBe('Nimbus Logistics');
  await row.getByRole('button', { name: 'View CRM deal' }).click();
  const deal = page.getByRole('dialog', { name: 'CRM Deal' });
  await expect(deal.getByText('Nimbus Logistics', { exact: true })).toBeVisible();
  await expect(deal.getByText(/Company: Nimbus Logistics/)).toBeVisible();
  await deal.getByRole('button', { name: 'Close' }).click();

  // A corrected website puts the deal on the company of that domain (its only deal: the company moves).
  const dealOf = async () =>
    (await (await page.request.get(`/api/deals/by-email/${emailId}`)).json()) as {
      companyId: string;
      domain: string;
    };
  const before = await dealOf();
  expect(before.domain).toBe('nimbusfreight.io');
  await row.getByRole('button', { name: 'View extracted data' }).click();
  await company.getByRole('button', { name: 'Correct Website' }).click();
  await company.getByRole('textbox', { name: 'Website' }).fill('https://www.nimbus-logistics.io');
  await company.getByRole('button', { name: 'Save' }).click();
  await expect(company.getByText('edited', { exact: true })).toHaveCount(2);
  await expect.poll(async () => (await dealOf()).domain, { timeout: 30_000 }).toBe('nimbus-logistics.io');
  expect((await dealOf()).companyId).toBe(before.companyId);
});
