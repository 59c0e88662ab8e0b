import { readFile } from 'node:fs/promises';
import { expect, test } from '../support/fixtures.js';
import {
  createDeckPdf,
  createRawEmail,
  findInbox,
  postRawMail,
  recordRow,
  startTrialOrganization,
} from '../support/records.js';

// Issue 22 item 4: an inbox you can keep clean. A search finds a deck by a word that is only in its text (with
// the snippet), bulk archive takes two records out of the inbox, delete removes a record and its deck download,
// and the CSV export downloads the list as filtered.

test('search finds a deck by a word only in its text; bulk archive; delete removes the deck download; export downloads a CSV', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await startTrialOrganization(page, 'Sigma Inbox Ventures', 'Ines Inbox');
  const inbox = await findInbox(page.request);
  const word = `quokkanomics${Date.now().toString(36)}`;
  const decks = [
    { company: 'Alpha Freight', from: 'ana@alphafreight.io', line: `We apply ${word} to freight routing` },
    { company: 'Bravo Health', from: 'ben@bravohealth.io', line: 'Clinics book patients faster' },
    { company: 'Charlie Energy', from: 'cy@charlieenergy.io', line: 'Batteries for small farms' },
  ];
  const ids: number[] = [];
  for (const deck of decks) {
    const pdf = await createDeckPdf([
      [deck.company, deck.line],
      ['The Ask', 'Raising a $2M Seed round', `Website: www.${deck.from.split('@')[1]}`],
    ]);
    ids.push(
      await postRawMail(
        page.request,
        inbox,
        createRawEmail({ from: deck.from, to: inbox.inboundAddress, subject: `${deck.company} deck`, pdf }),
      ),
    );
  }

  await page.goto('/processed-emails');
  for (const deck of decks)
    await expect(recordRow(page, deck.from).getByText('Completed', { exact: true })).toBeVisible({
      timeout: 90_000,
    });

  // The word is in Alpha's deck only (not its subject, sender or company): the search finds it, with the snippet.
  await page.getByRole('searchbox').fill(word);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`q=${word}`));
  await expect(recordRow(page, decks[0]!.from)).toBeVisible();
  await expect(recordRow(page, decks[1]!.from)).toHaveCount(0);
  await expect(recordRow(page, decks[0]!.from).locator('mark')).toHaveText(word);
  await page.getByRole('searchbox').fill('');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(recordRow(page, decks[2]!.from)).toBeVisible();

  // Bulk archive Alpha and Bravo: they leave the inbox and are in the archive.
  await recordRow(page, decks[0]!.from).getByRole('checkbox').check();
  await recordRow(page, decks[1]!.from).getByRole('checkbox').check();
  const bar = page.getByRole('toolbar', { name: 'Selected records' });
  await expect(bar.getByText('2 records selected')).toBeVisible();
  await bar.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByText('2 records archived')).toBeVisible();
  await expect(recordRow(page, decks[0]!.from)).toHaveCount(0);
  await expect(recordRow(page, decks[1]!.from)).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Show' }).selectOption('archived');
  await expect(recordRow(page, decks[0]!.from)).toBeVisible();
  await expect(recordRow(page, decks[1]!.from)).toBeVisible();
  await expect(recordRow(page, decks[2]!.from)).toHaveCount(0);

  // The export downloads the list as filtered (the archive): a CSV with a BOM, both archived records, not Charlie.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: /Export CSV/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^records-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!);
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = csv.toString('utf8');
  expect(text).toContain('"Record ID","Received (UTC)"');
  expect(text).toContain(decks[0]!.from);
  expect(text).toContain(decks[1]!.from);
  expect(text).not.toContain(decks[2]!.from);

  // Delete Charlie from the inbox: confirmed, gone from the list, and its deck no longer downloads.
  await page.getByRole('combobox', { name: 'Show' }).selectOption('inbox');
  const charlie = ids[2]!;
  expect((await page.request.get(`/api/emails/${charlie}/deck`)).status()).toBe(200);
  await recordRow(page, decks[2]!.from).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete record' }).click();
  await expect(page.getByText('Record deleted')).toBeVisible();
  await expect(recordRow(page, decks[2]!.from)).toHaveCount(0);
  expect((await page.request.get(`/api/emails/${charlie}/deck`)).status()).toBe(404);
  expect((await page.request.get(`/api/emails/${charlie}`)).status()).toBe(404);
});
