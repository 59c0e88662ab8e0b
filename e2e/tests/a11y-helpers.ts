// Shared by a11y.spec.ts and keyboard.spec.ts: an owner on a Pro trial with one completed record (the same
// path as records.spec.ts: register, organization setup, the local checkout, a deck through the mail webhook),
// and keyboard-only movement.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { expect } from '../support/fixtures.js';
import { startTrialOrganization as startRecordsTrial } from '../support/records.js';

export { PASSWORD } from '../support/records.js';

/** A new owner on a Pro trial (the free plan's deck limit is 0); returns the email. Signed in afterwards. */
export async function startTrialOrganization(page: Page, name: string) {
  return (await startRecordsTrial(page, name, 'Kim Keyboard')).email;
}

async function findInbox(request: APIRequestContext) {
  let inbox: { inboundAddress: string; webhookSecret: string } | null = null;
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/integrations/mailbox');
        if (!response.ok()) return false;
        const body = (await response.json()) as {
          inboundAddress: string;
          webhookSecretMasked?: string | null;
        };
        if (!body.webhookSecretMasked) return false;
        // The status shows the secret masked; the owner reveals it (signed in moments ago: no password prompt).
        const revealed = await request.post('/api/integrations/mailbox/webhook-secret/reveal');
        expect(revealed.status(), await revealed.text()).toBe(200);
        const { webhookSecret } = (await revealed.json()) as { webhookSecret: string };
        inbox = { inboundAddress: body.inboundAddress, webhookSecret };
        return true;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return inbox!;
}

/** Emails a one-page deck to the organization's inbox; returns the sender, whose row the record list shows. */
export async function emailDeck(request: APIRequestContext) {
  const inbox = await findInbox(request);
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const sheet = pdf.addPage([842, 595]);
  const lines = [
    'Keyless Labs',
    'Accessible tools for deal teams',
    'Industry: Software',
    'Website: www.keyless-labs.com',
    'Raising a $1.5M Seed round',
    'Contact: Kai Founder, CEO, kai@keyless-labs.com',
  ];
  lines.forEach((line, i) => sheet.drawText(line, { x: 50, y: 540 - i * 28, size: i === 0 ? 28 : 16, font }));
  const base64 = Buffer.from(await pdf.save())
    .toString('base64')
    .replace(/.{1,76}/g, '$&\r\n');
  const boundary = `deck-${Date.now().toString(36)}`;
  const raw = [
    'From: Kai Founder <kai@keyless-labs.com>',
    `To: ${inbox.inboundAddress}`,
    'Subject: Keyless Labs - Seed deck',
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${boundary}@e2e.test>`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Hi, our deck is attached.',
    `--${boundary}`,
    'Content-Type: application/pdf; name="keyless-labs.pdf"',
    'Content-Disposition: attachment; filename="keyless-labs.pdf"',
    'Content-Transfer-Encoding: base64',
    '',
    base64,
    `--${boundary}--`,
    '',
  ].join('\r\n');
  const response = await request.post(
    `/webhooks/mail?recipient=${encodeURIComponent(inbox.inboundAddress)}`,
    {
      headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${inbox.webhookSecret}` },
      data: Buffer.from(raw),
    },
  );
  expect(response.status(), await response.text()).toBe(202);
  return 'kai@keyless-labs.com';
}

/** Presses Tab (Shift+Tab with `back`) until `target` has the focus; fails after `max` presses. */
export async function tabTo(page: Page, target: Locator, { max = 60, back = false } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

/**
 * Tabster's focus sentinels (`<i tabindex="0" aria-hidden="true" data-tabster-dummy>`, placed by Fluent UI around
 * focus-trapping and arrow-navigation groups) exist to catch focus and hand it on at once; announcing them would
 * be wrong. Fluent lists the resulting aria-hidden-focus report as a known false positive (microsoft/tabster#288,
 * microsoft/fluentui#25133), and Accessibility Insights suppresses it. Only those nodes, only for that rule, are
 * dropped; anything else aria-hidden and focusable still fails.
 */
const isTabsterSentinel = (html: string) => /^<i [^>]*data-tabster-dummy/.test(html);

/** Runs axe on the page as it is now; fails with a readable list of every violation. */
export async function expectNoViolations(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const violations = results.violations
    .map((v) =>
      v.id === 'aria-hidden-focus' ? { ...v, nodes: v.nodes.filter((n) => !isTabsterSentinel(n.html)) } : v,
    )
    .filter((v) => v.nodes.length > 0);
  const found = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n` +
      v.nodes
        .slice(0, 5)
        .map(
          (n) =>
            `    ${n.target.join(' ')} ${n.html.slice(0, 160)}: ${n.failureSummary?.split('\n').join(' ')}`,
        )
        .join('\n'),
  );
  expect(found, `axe on ${where}`).toEqual([]);
}
