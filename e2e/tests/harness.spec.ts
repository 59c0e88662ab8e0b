import nodemailer from 'nodemailer';
import { expect, test, uniqueEmail } from '../support/fixtures.js';

// The harness itself: the stack answers through the gateway, the fixtures reach the global-setup process.

test('the gateway serves its API docs page in Chromium under its CSP', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy'))
      violations.push(message.text());
  });
  await page.goto('/api/docs/ui');
  await expect(page.getByRole('heading', { name: 'Deal-flow API' })).toBeVisible();
  await expect(page.getByText('/api/auth/me', { exact: false }).first()).toBeVisible();
  expect(violations).toEqual([]);
});

test('remotes.json lists the four remotes and a stopped remote answers 502 until started', async ({
  request,
  remotes,
}) => {
  const manifest = await (await request.get('/remotes.json')).json();
  expect(Object.keys(manifest).sort()).toEqual(['mfe_auth', 'mfe_billing', 'mfe_records', 'mfe_team']);

  await remotes.stop('mfe-billing');
  const stopped = await request.get(manifest.mfe_billing);
  expect(stopped.status()).toBe(502);
  expect((await stopped.json()).message).toContain('did not answer');

  await remotes.start('mfe-billing');
  expect((await request.get(manifest.mfe_billing)).status()).not.toBe(502);
});

test('mail.waitFor returns a message sent to the SMTP capture server, parsed', async ({ mail }) => {
  const to = uniqueEmail('mailbox');
  const transport = nodemailer.createTransport(process.env.E2E_SMTP_URL);
  await transport.sendMail({
    from: 'Dealflow <no-reply@dealflow.test>',
    to,
    subject: 'You are invited',
    text: 'Join here: http://127.0.0.1/accept-invitation?token=abc123.',
    html: '<p><a href="http://127.0.0.1/accept-invitation?token=abc123&amp;x=1">Join</a></p>',
  });
  const message = await mail.waitFor(to.toUpperCase(), { subject: /invited/ });
  expect(message.subject).toBe('You are invited');
  expect(message.from).toBe('no-reply@dealflow.test');
  expect(message.links).toEqual([
    'http://127.0.0.1/accept-invitation?token=abc123',
    'http://127.0.0.1/accept-invitation?token=abc123&x=1',
  ]);
});
