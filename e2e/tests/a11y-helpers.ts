// Shared by a11y.spec.ts and keyboard.spec.ts: an owner on a Pro trial with one completed record (the same
// path as records.spec.ts: register, organization setup, the local checkout, a deck through the mail webhook),
// and keyboard-only movement.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { expect } from '../support/fixtures.js';
import {
  createDeckPdf,
  createRawEmail,
  findInbox,
  postRawMail,
  startTrialOrganization as startRecordsTrial,
} from '../support/records.js';

export { PASSWORD } from '../support/records.js';

/** A new owner on a Pro trial (the free plan's deck limit is 0); returns the email. Signed in afterwards. */
export async function startTrialOrganization(page: Page, name: string) {
  return (await startRecordsTrial(page, name, 'Kim Keyboard')).email;
}

/** Emails a one-page deck to the organization's inbox; returns the sender, whose row the record list shows. */
export async function emailDeck(request: APIRequestContext) {
  const inbox = await findInbox(request);
  const pdf = await createDeckPdf([
    [
      'Keyless Labs',
      'Accessible tools for deal teams',
      'Industry: Software',
      'Website: www.keyless-labs.com',
      'Raising a $1.5M Seed round',
      'Contact: Kai Founder, CEO, kai@keyless-labs.com',
    ],
  ]);
  await postRawMail(
    request,
    inbox,
    createRawEmail({
      from: 'Kai Founder <kai@keyless-labs.com>',
      to: inbox.inboundAddress,
      subject: 'Keyless Labs - Seed deck',
      pdf,
      filename: 'keyless-labs.pdf',
    }),
  );
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
