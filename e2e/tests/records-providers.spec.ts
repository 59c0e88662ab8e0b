import { createHmac, randomBytes } from 'node:crypto';
import { expect, test } from '../support/fixtures.js';
import {
  createDeckPdf,
  createImageOnlyDeckPdf,
  createRawEmail,
  findInbox,
  postRawMail,
  recordRow,
  startTrialOrganization,
} from '../support/records.js';

// Issue 11's "Done when": an image-only deck becomes a Completed record whose fields show the slide they came
// from (OCR runs in the stack: tesseract.js and its English data are installed with svc-ingest), and a
// SendGrid-shaped post and a Mailgun-shaped post each become records.

test('an image-only PDF deck is read by OCR and becomes a Completed record with slide numbers', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await startTrialOrganization(page, 'Iris Image Ventures', 'Iris Image');
  const inbox = await findInbox(page.request);
  const pdf = await createImageOnlyDeckPdf([
    ['Lumina Robotics', 'Warehouse robots that pick every order'],
    ['Traction', 'ARR: $1.5M, growth 20% MoM'],
    ['The Ask', 'We are raising $3M Seed'],
    ['Contact', 'Founded in 2021. Based in Austin, TX'],
  ]);
  await postRawMail(
    page.request,
    inbox,
    createRawEmail({
      from: 'Jane Founder <jane@luminarobotics.com>',
      to: inbox.inboundAddress,
      subject: 'Lumina Robotics deck (scanned)',
      text: 'Our deck is attached.',
      pdf,
      filename: 'lumina-scanned.pdf',
    }),
  );

  await page.goto('/processed-emails');
  const row = recordRow(page, 'jane@luminarobotics.com');
  await expect(row.getByText('Completed', { exact: true })).toBeVisible({ timeout: 150_000 });
  await row.getByRole('button', { name: 'View extracted data' }).click();
  const extracted = page.getByRole('dialog', { name: 'Extracted Data' });
  const company = extracted.getByRole('region', { name: 'Company Information' });
  await expect(company.getByText('Lumina Robotics', { exact: true })).toBeVisible();
  await expect(company.getByText('from slide 1').first()).toBeVisible();
  const funding = extracted.getByRole('region', { name: 'Funding Information' });
  await expect(funding.getByText('from slide 3').first()).toBeVisible();
});

const basic = (secret: string) => `Basic ${Buffer.from(`dealflow:${secret}`).toString('base64')}`;

test('a SendGrid Inbound Parse post and a Mailgun route post each become a record', async ({ page }) => {
  test.setTimeout(180_000);
  await startTrialOrganization(page, 'Sam Providers Capital', 'Sam Providers');
  const inbox = await findInbox(page.request);
  const deck = (name: string, site: string) =>
    createDeckPdf([[name, 'Payroll for remote teams', `Website: ${site}`, 'Raising a $2M Seed round']]);

  // SendGrid, "POST the raw, full MIME message": multipart with `email` and `envelope`, basic auth in the URL.
  const sendgridRaw = createRawEmail({
    from: 'Gail Grid <gail@gridpay.io>',
    to: 'deals@fund.example',
    subject: 'GridPay deck via SendGrid',
    text: 'Deck attached.',
    pdf: await deck('GridPay', 'gridpay.io'),
    filename: 'gridpay.pdf',
  });
  const sendgrid = await page.request.post('/webhooks/mail', {
    headers: { authorization: basic(inbox.webhookSecret) },
    multipart: {
      email: sendgridRaw,
      envelope: JSON.stringify({ to: [inbox.inboundAddress], from: 'gail@gridpay.io' }),
      to: inbox.inboundAddress,
      from: 'Gail Grid <gail@gridpay.io>',
      subject: 'GridPay deck via SendGrid',
      charsets: JSON.stringify({ to: 'UTF-8', subject: 'UTF-8', from: 'UTF-8' }),
      SPF: 'pass',
    },
  });
  expect(sendgrid.status(), await sendgrid.text()).toBe(202);

  // Mailgun: the owner stores the signing key, then a route's forward() posts `body-mime` signed with it, to
  // the webhook URL with the secret as basic auth (checked on the headers before the body is read).
  const signingKey = `key-${randomBytes(16).toString('hex')}`;
  const stored = await page.request.put('/api/integrations/mailbox/mailgun-key', { data: { signingKey } });
  expect(stored.status(), await stored.text()).toBe(200);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const token = randomBytes(25).toString('hex');
  const mailgun = await page.request.post('/webhooks/mail', {
    headers: { authorization: basic(inbox.webhookSecret) },
    multipart: {
      recipient: inbox.inboundAddress,
      sender: 'mo@gunmetal.dev',
      from: 'Mo Gun <mo@gunmetal.dev>',
      subject: 'Gunmetal deck via Mailgun',
      'body-mime': createRawEmail({
        from: 'Mo Gun <mo@gunmetal.dev>',
        to: 'deals@fund.example',
        subject: 'Gunmetal deck via Mailgun',
        text: 'Deck attached.',
        pdf: await deck('Gunmetal', 'gunmetal.dev'),
        filename: 'gunmetal.pdf',
      }),
      timestamp,
      token,
      signature: createHmac('sha256', signingKey)
        .update(timestamp + token)
        .digest('hex'),
    },
  });
  expect(mailgun.status(), await mailgun.text()).toBe(202);

  await page.goto('/processed-emails');
  for (const sender of ['gail@gridpay.io', 'mo@gunmetal.dev'])
    await expect(recordRow(page, sender).getByText('Completed', { exact: true })).toBeVisible({
      timeout: 90_000,
    });
});
