import type { APIRequestContext, Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { expect, test, uniqueEmail, verifyEmailOf } from '../support/fixtures.js';

// Issue 11 items 4 and 10: a deck record opens its extracted data with the slide each value came from, and a
// corrected field reaches the CRM deal (svc-ingest -> ingest.record.corrected -> svc-crm).

const PASSWORD = 'correct-horse-battery';

/** A new owner on a Pro trial: register, set up, pay on the local checkout. */
async function startTrialOrganization(page: Page, name: string) {
  const email = uniqueEmail('corrections-owner');
  const registered = await page.request.post('/api/auth/register', {
    data: { email, password: PASSWORD, name: 'Cora Corrections' },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  // Buying (the trial's checkout) needs a verified address (issue 15): follow the emailed link.
  await verifyEmailOf(page.request, email);
  await page.goto('/organization-setup');
  await page.getByLabel('Organization name').fill(name);
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

async function findInbox(request: APIRequestContext) {
  let inbox: { inboundAddress: string; webhookSecret: string } | null = null;
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/integrations/mailbox');
        if (!response.ok()) return false;
        const body = (await response.json()) as { inboundAddress: string; webhookSecret?: string | null };
        if (!body.webhookSecret) return false;
        inbox = { inboundAddress: body.inboundAddress, webhookSecret: body.webhookSecret };
        return true;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return inbox!;
}

/** A text PDF deck, one page per slide; the first line of each slide is its title. */
async function createDeckPdf(slides: string[][]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const lines of slides) {
    const page = pdf.addPage([842, 595]);
    lines.forEach((line, i) =>
      page.drawText(line, { x: 50, y: 540 - i * 32, size: i === 0 ? 32 : 16, font }),
    );
  }
  return Buffer.from(await pdf.save());
}

function createRawEmail(input: { from: string; to: string; subject: string; sentAt: Date; pdf: Buffer }) {
  const boundary = `deck-${Date.now().toString(36)}`;
  return [
    `From: ${input.from}`,
    `To: ${input.to}`,
    `Subject: ${input.subject}`,
    `Date: ${input.sentAt.toUTCString()}`,
    `Message-ID: <${boundary}@e2e.test>`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Hi, our deck is attached.',
    `--${boundary}`,
    'Content-Type: application/pdf; name="deck.pdf"',
    'Content-Disposition: attachment; filename="deck.pdf"',
    'Content-Transfer-Encoding: base64',
    '',
    input.pdf.toString('base64').replace(/.{1,76}/g, '$&\r\n'),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

test('a deck record shows the slide of each value, and a corrected field shows on the CRM deal', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await startTrialOrganization(page, 'Cora Capital');
  const inbox = await findInbox(page.request);

  const pdf = await createDeckPdf([
    ['Nimbus Freight', 'Cargo drones for islands'],
    ['Traction', 'ARR: $900k', 'Customers: 40'],
    ['The Ask', 'Raising a $3M Seed round', 'Founded 2022 in Austin, TX', 'Website: www.nimbusfreight.io'],
  ]);
  // Sent two days before it arrives: the record's Received is the email's Date.
  const sentAt = new Date(Date.now() - 2 * 24 * 3600_000);
  const response = await page.request.post(
    `/webhooks/mail?recipient=${encodeURIComponent(inbox.inboundAddress)}`,
    {
      headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${inbox.webhookSecret}` },
      data: Buffer.from(
        createRawEmail({
          from: 'Nia Founder <nia@nimbusfreight.io>',
          to: inbox.inboundAddress,
          subject: 'Nimbus Freight deck',
          sentAt,
          pdf,
        }),
      ),
    },
  );
  expect(response.status(), await response.text()).toBe(202);
  const { emailId } = (await response.json()) as { emailId: number };

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
