import { buildRawEmail } from '@dealflow/dev-stack/raw-email';
import { expect, test } from '../support/fixtures.js';
import { findInbox, postRawMail, startTrialOrganization } from '../support/records.js';

// Issue 22 item 2's "Done when": Gmail's forwarding-confirmation email, posted to the organization's address,
// shows its code and Gmail's link on Integration 1 and never becomes a record.

const CODE = '618395527';
const LINK =
  'https://mail-settings.google.com/mail/vf-%5BANGjdJ9Kq3bV1xT0pXyZ7mLw2s4RfGh8uEo5nCiA%5D-Hs2yZr8wQk1mT4vB9pL';

const confirmation = (to: string) =>
  buildRawEmail({
    headers: [`Delivered-To: ${to}`],
    from: 'Gmail Team <forwarding-noreply@google.com>',
    to,
    subject: `(#${CODE}) Gmail Forwarding Confirmation - Receive Mail from jane.investor@gmail.com`,
    date: 'Sat, 28 Nov 2026 06:40:12 -0800',
    messageId: `<e2e-${Date.now()}@google.com>`,
    textContentType: 'text/plain; charset="UTF-8"',
    text: [
      'jane.investor@gmail.com has requested to automatically forward mail to your email',
      `address ${to}.`,
      '',
      `Confirmation code: ${CODE}`,
      '',
      'To allow jane.investor@gmail.com to automatically forward mail to your address,',
      'please click the link below to confirm the request:',
      '',
      LINK,
      '',
      'Thanks for using Gmail!',
    ].join('\r\n'),
  });

test('the Gmail forwarding confirmation code shows on Integration 1 after the email is posted', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await startTrialOrganization(page, 'Gia Gmail Ventures', 'Gia Gmail');
  const inbox = await findInbox(page.request);
  await page.goto('/integration-1');
  await expect(page.getByTestId('inbound-address')).toHaveText(inbox.inboundAddress);
  const emailId = await postRawMail(page.request, inbox, confirmation(inbox.inboundAddress));
  expect(emailId).toBeNull();
  // The page polls: the code appears without a reload.
  await expect(page.getByTestId('forwarding-code')).toHaveText(CODE, { timeout: 40_000 });
  await expect(page.getByRole('link', { name: /Confirm forwarding in Gmail/ })).toHaveAttribute('href', LINK);
  await page.goto('/processed-emails');
  await expect(page.getByText('Gmail Forwarding Confirmation')).toHaveCount(0);
});
