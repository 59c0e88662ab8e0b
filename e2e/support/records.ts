import type { APIRequestContext, Page } from '@playwright/test';
import { buildRawEmail } from '@dealflow/dev-stack/raw-email';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { expect, uniqueEmail, verifyEmailOf } from './fixtures.js';

/**
 * What the records specs share: a paying organization, its inbound address and secret, decks and the raw
 * emails carrying them, and posting them the way each inbound provider does.
 */
export const PASSWORD = 'correct-horse-battery';

export interface TInbox {
  inboundAddress: string;
  webhookSecret: string;
}

/** A new owner on a Pro trial: register, set up, pay on the local checkout, then on the dashboard. */
export async function startTrialOrganization(page: Page, name: string, owner = 'Rita Records') {
  const email = uniqueEmail('records-owner');
  const registered = await page.request.post('/api/auth/register', {
    data: { email, password: PASSWORD, name: owner },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  // Buying needs a verified address: the owner follows the link emailed at registration.
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
  // The payment-return screen signs in and waits for the plan, then leaves for the dashboard (or /login when
  // it could not): wait for that, so a test's next page.goto is not cut short by it (net::ERR_ABORTED).
  await expect(page).toHaveURL(/\/(dashboard|login)(\?|$)/, { timeout: 45_000 });
  if (!(await page.request.get('/api/auth/me')).ok()) {
    const login = await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
    expect(login.ok(), await login.text()).toBe(true);
  }
  return { email };
}

/** The organization's inbound address and webhook secret (revealed to the owner), once ingest knows the org. */
export async function findInbox(request: APIRequestContext): Promise<TInbox> {
  let inbox: TInbox | null = null;
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

/** A text PDF deck, one page per slide; the first line of each slide is its title. */
export async function createDeckPdf(slides: string[][]): Promise<Buffer> {
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

/**
 * A PDF whose pages are pictures only, no text layer (as Canva and Keynote exports and scans are): each
 * slide's lines drawn into a PNG with @napi-rs/canvas, the first line large as a title.
 */
export async function createImageOnlyDeckPdf(slides: string[][]): Promise<Buffer> {
  const { createCanvas } = await import('@napi-rs/canvas');
  const pdf = await PDFDocument.create();
  for (const lines of slides) {
    const canvas = createCanvas(1600, 900);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#f4f1ea';
    ctx.fillRect(0, 0, 1600, 900);
    ctx.fillStyle = '#1a1a24';
    let y = 140;
    lines.forEach((line, i) => {
      const size = i === 0 ? 90 : 40;
      y += size * 1.6;
      ctx.font = `${i === 0 ? 'bold ' : ''}${size}px sans-serif`;
      ctx.fillText(line, 100, y);
    });
    const image = await pdf.embedPng(canvas.toBuffer('image/png'));
    pdf.addPage([960, 540]).drawImage(image, { x: 0, y: 0, width: 960, height: 540 });
  }
  return Buffer.from(await pdf.save());
}

/** A raw RFC 5322 message with the deck attached (dev-stack's one writer of raw emails). */
export function createRawEmail(input: {
  from: string;
  to: string;
  subject: string;
  text?: string;
  pdf: Buffer;
  filename?: string;
  /** The Date header (the record's Received); now when absent. */
  sentAt?: Date;
}): string {
  return buildRawEmail({
    from: input.from,
    to: input.to,
    subject: input.subject,
    date: input.sentAt,
    text: input.text ?? 'Hi, our deck is attached.',
    attachments: [
      { filename: input.filename ?? 'deck.pdf', contentType: 'application/pdf', content: input.pdf },
    ],
  });
}

/** A raw MIME POST (an organization's own relay), authenticated with the secret as a bearer token. */
export async function postRawMail(request: APIRequestContext, inbox: TInbox, raw: string) {
  const response = await request.post(
    `/webhooks/mail?recipient=${encodeURIComponent(inbox.inboundAddress)}`,
    {
      headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${inbox.webhookSecret}` },
      data: Buffer.from(raw),
    },
  );
  expect(response.status(), await response.text()).toBe(202);
  return ((await response.json()) as { emailId: number }).emailId;
}

export const recordRow = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
