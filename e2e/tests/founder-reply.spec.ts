import { buildRawEmail } from '@dealflow/dev-stack/raw-email';
import { expect, test, uniqueEmail } from '../support/fixtures.js';
import { startTrialOrganization } from './a11y-helpers.js';
import { createDeckPdf, findInbox, postRawMail } from '../support/records.js';

// Issue 23 item 4, "Done when": a member sends a pass reply from a template; it arrives at the founder's address,
// threaded on the founder's email (In-Reply-To and References its Message-ID), Reply-To the member.

test('a pass reply from a template reaches the founder, threaded, and lands on the timeline', async ({
  page,
  mail,
}) => {
  test.setTimeout(300_000);
  await startTrialOrganization(page, 'Reply Ventures');
  const me = (await (await page.request.get('/api/auth/me')).json()) as { user: { email: string } };

  const founder = uniqueEmail('nia').replace(/@.*/, '@northwind-robotics.com');
  const messageId = `<deck-${Date.now()}@mail.northwind-robotics.com>`;
  const inbox = await findInbox(page.request);
  const pdf = await createDeckPdf([
    [
      'Northwind Robotics',
      'Warehouse robots that learn on the job',
      'Industry: Robotics',
      'Website: www.northwind-robotics.com',
      'Raising a $3M Seed round',
    ],
  ]);
  await postRawMail(
    page.request,
    inbox,
    buildRawEmail({
      from: `Nia Founder <${founder}>`,
      to: inbox.inboundAddress,
      subject: 'Northwind Robotics - Seed deck',
      text: 'Hi, our deck is attached.',
      messageId,
      attachments: [{ filename: 'northwind.pdf', contentType: 'application/pdf', content: pdf }],
    }),
  );
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/deals')).json()) as { deals: unknown[] }).deals.length,
      { timeout: 120_000 },
    )
    .toBe(1);

  await page.goto('/deals');
  await page.getByRole('button', { name: 'Northwind Robotics', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Northwind Robotics' });
  await expect(drawer).toBeVisible();

  await drawer.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: 'Pass' }).click();
  const message = drawer.getByRole('textbox', { name: /Message/ });
  await expect(message).toHaveValue(/Hi Nia Founder,[\s\S]*Northwind Robotics[\s\S]*Kim Keyboard/, {
    timeout: 30_000,
  });
  await expect(drawer.getByText(`To: ${founder} (Nia Founder)`)).toBeVisible();
  await message.press('End');
  await message.pressSequentially('\nP.S. Keep us posted on the next round.');
  await drawer.getByRole('button', { name: 'Send reply' }).click();
  await expect(drawer.getByText(`Reply sent to ${founder}`)).toBeVisible({ timeout: 30_000 });
  await expect(
    drawer.getByText(`Emailed the founder (${founder}): Re: Northwind Robotics - Seed deck`),
  ).toBeVisible();

  const reply = await mail.waitFor(founder, {
    subject: 'Re: Northwind Robotics - Seed deck',
    timeoutMs: 30_000,
  });
  expect(reply.headers['in-reply-to']).toBe(messageId);
  expect(reply.headers['references']).toBe(messageId);
  expect(reply.headers['reply-to']).toContain(me.user.email);
  expect(reply.text).toContain('Hi Nia Founder,');
  expect(reply.text).toContain('we have decided not to go further');
  expect(reply.text).toContain('P.S. Keep us posted on the next round.');
});
