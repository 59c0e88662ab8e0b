import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect as baseExpect, test, uniqueEmail } from '../support/fixtures.js';

// Issue 20, item 8: the $50 licence delivers. A guest buys it, lands on the dashboard with a signed licence
// key, downloads the template archive (its sha256 is the one the template store recorded), gets the key in
// the receipt email, and reads the licence terms and the getting-started guide as pages of the app.

const expect = baseExpect.configure({ timeout: 30_000 });

/** The store the stack gives billing (dev-stack: TEMPLATE_STORE_DIR, default .data/templates of the repo). */
const manifestFile = () =>
  process.env.TEMPLATE_STORE_DIR
    ? `${process.env.TEMPLATE_STORE_DIR}/manifest.json`
    : new URL('../../.data/templates/manifest.json', import.meta.url);

interface TStored {
  version: string;
  sha256: string;
  size: number;
}

test('a guest buys the licence and downloads the template archive; its sha256 is the store’s', async ({
  browser,
  baseURL,
  mail,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL, acceptDownloads: true });
  const page = await context.newPage();
  const email = uniqueEmail('licence');

  await page.goto('/');
  // Pointing at the button fetches billing's PurchaseButton, which then replaces the shell's placeholder:
  // wait for it, so the email dialog is not opened by the placeholder and unmounted with it.
  await page.getByRole('button', { name: 'Buy Now - $50' }).first().hover();
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Buy Now - $50' }).first().click();
  // A guest gives the email first (the checkout is created with it locked).
  const dialog = page.getByRole('dialog', { name: 'Your email for the licence' });
  // As guest-purchase.spec.ts: the empty form is refused first (the dialog is the loaded one by then).
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(dialog.getByText('Enter your email address.')).toBeVisible();
  await dialog.getByRole('textbox', { name: /Email/ }).fill(email);
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/pay\/checkout\/cs_/);
  const emailField = page.getByLabel('Email');
  if ((await emailField.count()) > 0 && (await emailField.isEditable())) await emailField.fill(email);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Lena Licensee');
  await page.getByRole('button', { name: 'Pay' }).click();

  await expect(page.getByText('Payment Successful!')).toBeVisible({ timeout: 60_000 });
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Access Granted')).toBeVisible();
  const key = (await page.getByLabel('Your licence key').textContent())!.trim();
  expect(key).toMatch(/^DFL1\.[\w-]+\.[\w-]+$/);

  // The newest covered version, downloaded from the panel's link.
  const manifest = JSON.parse(await readFile(manifestFile(), 'utf8')) as { versions: TStored[] };
  const link = page.getByRole('link', { name: /^Version / }).first();
  const version = (await link.textContent())!.replace('Version ', '').trim();
  const stored = manifest.versions.find((v) => v.version === version)!;
  expect(stored, `version ${version} in the store`).toBeTruthy();
  await expect(page.getByText(stored.sha256)).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe(`dealflow-template-${version}.tar.gz`);
  const bytes = await readFile((await download.path())!);
  expect(bytes.length).toBe(stored.size);
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(stored.sha256);
  // A gzip archive (magic bytes), and the answer names its sha256 for a client to check.
  expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
  const head = await page.request.get(`/api/billing/licence/versions/${version}/archive`);
  expect(head.headers()['x-content-sha256']).toBe(stored.sha256);

  // The receipt email carries the same key.
  const receipt = await mail.waitFor(email, { subject: 'Your DealFlow template licence', timeoutMs: 30_000 });
  expect(receipt.text).toContain(key);

  // The licence terms and the getting-started guide are pages of the app.
  await page.getByRole('link', { name: 'Licence terms' }).click();
  await expect(page.getByRole('heading', { name: 'Standard License terms' })).toBeVisible();
  await page.getByRole('link', { name: 'Getting started guide' }).click();
  await expect(page.getByRole('heading', { name: 'Getting started with the template' })).toBeVisible();
  await context.close();
});

test('the licence and its downloads answer 401 to nobody signed in (403 for non-buyers: svc-billing licence.test.ts)', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL });
  const anonymous = await context.request.get('/api/billing/licence');
  expect(anonymous.status()).toBe(401);
  await context.close();
});
