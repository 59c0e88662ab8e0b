import { describe, expect, it } from 'vitest';
import { buildMail } from '../../test/factories/mail.factory.js';
import { sampleDeck } from '../../test/factories/deck.factory.js';
import {
  GMAIL_CONFIRMATION_CODE,
  GMAIL_CONFIRMATION_LINK,
  gmailForwardingConfirmation,
} from '../../test/fixtures/forwarding-mail.js';
import { findForwardedSender, parseMessage } from './parse-message.js';

describe('parseMessage', () => {
  it('drops U+0000 that a bogus charset decodes to (PostgreSQL text refuses it: it was a 500)', async () => {
    const bytes = Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 131) % 256));
    const raw = Buffer.concat([
      Buffer.from(
        [
          'From: Mallory <mallory@evil.test>',
          'To: x@in.test',
          `Subject: =?x-no-such-charset?B?${bytes.toString('base64')}?=`,
          'Content-Type: text/html; charset="x-no-such-charset"',
          '',
          '',
        ].join('\r\n'),
        'latin1',
      ),
      bytes,
    ]);
    const parsed = await parseMessage(raw);
    expect(parsed.fromEmail).toBe('mallory@evil.test');
    for (const value of [parsed.subject, parsed.text, parsed.html]) {
      expect(value?.length).toBeGreaterThan(0);
      expect(value).not.toContain('\u0000');
    }
  });

  it('takes the founder and the deck from a message forwarded as an attachment', async () => {
    const original = await buildMail({
      to: 'partner@fund.test',
      from: 'Ana Souza <ana@verde.ag>',
      subject: 'Verde deck',
      attachments: [
        { filename: 'verde.pdf', content: await sampleDeck('Verde'), contentType: 'application/pdf' },
      ],
    });
    const forward = await buildMail({
      to: 'x@in.test',
      from: 'Partner <partner@fund.test>',
      subject: 'Fw: Verde deck',
      attachments: [{ filename: 'original.eml', content: original, contentType: 'message/rfc822' }],
    });
    const parsed = await parseMessage(forward);
    expect(parsed).toMatchObject({
      fromEmail: 'ana@verde.ag',
      fromName: 'Ana Souza',
      forwardedBy: 'partner@fund.test',
    });
    expect(parsed.attachments.map((a) => a.filename)).toEqual(['verde.pdf']);
  });

  it('reads the original sender of Gmail, Apple Mail and Outlook forwards', () => {
    expect(
      findForwardedSender(
        'fyi\n---------- Forwarded message ---------\nFrom: Jane Doe <jane@acme.io>\nDate: x',
      ),
    ).toEqual({ name: 'Jane Doe', email: 'jane@acme.io' });
    expect(
      findForwardedSender('Begin forwarded message:\n\nFrom: "Li Wei" <li@wei.cn>\nSubject: deck'),
    ).toEqual({ name: 'Li Wei', email: 'li@wei.cn' });
    expect(
      findForwardedSender('-----Original Message-----\nFrom: Sam Roe [mailto:sam@roe.com]\nSent: Monday'),
    ).toEqual({ name: 'Sam Roe', email: 'sam@roe.com' });
    expect(findForwardedSender('no forward here\nFrom: someone@else.com')).toBeNull();
  });

  it('keeps the sender of a plain email and collects every recipient header', async () => {
    const parsed = await parseMessage(
      await buildMail({
        to: 'a@in.test',
        headers: { 'X-Original-To': 'fund-abc@in.test', 'Delivered-To': 'b@in.test' },
      }),
    );
    expect(parsed.forwardedBy).toBeNull();
    expect(parsed.recipients.sort()).toEqual(['a@in.test', 'b@in.test', 'fund-abc@in.test']);
  });

  it('refuses a message without a sender', async () => {
    await expect(parseMessage(Buffer.from('Subject: hi\r\n\r\nbody'))).rejects.toThrow(/no sender/);
    await expect(parseMessage(Buffer.alloc(0))).rejects.toThrow(/empty/);
  });
});

describe('forwarding (issue 22 item 2)', () => {
  it("recognises Gmail's forwarding-confirmation email: code, link and the Gmail address that forwards", async () => {
    const parsed = await parseMessage(gmailForwardingConfirmation({ to: 'fund-abc123@in.test' }));
    expect(parsed.forwardingConfirmation).toEqual({
      provider: 'gmail',
      code: GMAIL_CONFIRMATION_CODE,
      link: GMAIL_CONFIRMATION_LINK,
      forwarder: 'jane.investor@gmail.com',
    });
  });

  it('does not take a look-alike for a confirmation (another sender, or no vf- link)', async () => {
    const raw = gmailForwardingConfirmation({ to: 'fund-abc123@in.test' });
    const spoofed = Buffer.from(
      raw.toString('utf8').replace('forwarding-noreply@google.com', 'forwarding-noreply@g00gle.test'),
    );
    expect((await parseMessage(spoofed)).forwardingConfirmation).toBeNull();
    const hostile = Buffer.from(
      raw
        .toString('utf8')
        .replace('Receive Mail from jane.investor@gmail.com', 'Receive Mail from <b>x@evil.test</b>'),
    );
    expect((await parseMessage(hostile)).forwardingConfirmation?.forwarder).toBe('x@evil.test');
    const deck = await parseMessage(await buildMail({ to: 'a@in.test' }));
    expect(deck.forwardingConfirmation).toBeNull();
  });

  it("Gmail's auto-forward keeps the founder as sender; X-Forwarded-For names the forwarder", async () => {
    const parsed = await parseMessage(
      await buildMail({
        to: 'jane.investor@gmail.com',
        from: 'Ana Souza <ana@verde.ag>',
        subject: 'Verde deck',
        headers: {
          'X-Forwarded-To': 'fund-abc123@in.test',
          'X-Forwarded-For': 'jane.investor@gmail.com fund-abc123@in.test',
        },
      }),
    );
    expect(parsed).toMatchObject({
      fromEmail: 'ana@verde.ag',
      fromName: 'Ana Souza',
      forwardedBy: 'jane.investor@gmail.com',
      subject: 'Verde deck',
    });
    expect(parsed.recipients).toContain('fund-abc123@in.test');
  });

  it("Outlook's redirect (Resent-From, Resent-To) keeps the founder as sender and names the forwarder", async () => {
    const parsed = await parseMessage(
      await buildMail({
        to: 'partner@fund.test',
        from: 'Li Wei <li@wei.cn>',
        subject: 'Wei Robotics seed deck',
        headers: {
          'Resent-From': 'Partner <Partner@Fund.test>',
          'Resent-To': 'fund-abc123@in.test',
          'Resent-Date': 'Sat, 28 Nov 2026 09:00:00 +0000',
        },
      }),
    );
    expect(parsed).toMatchObject({ fromEmail: 'li@wei.cn', forwardedBy: 'partner@fund.test' });
    expect(parsed.recipients).toContain('fund-abc123@in.test');
  });

  it("an inline Gmail forward is read as the founder's email: sender, date and subject of the original", async () => {
    const parsed = await parseMessage(
      await buildMail({
        to: 'fund-abc123@in.test',
        from: 'Partner <partner@fund.test>',
        subject: 'Fwd: Verde | seed round deck',
        text: [
          'worth a look',
          '',
          '---------- Forwarded message ---------',
          'From: Ana Souza <ana@verde.ag>',
          'Date: Tue, Nov 3, 2026 at 10:12 AM',
          'Subject: Verde | seed round deck',
          'To: <partner@fund.test>',
          '',
          'Hi, our deck is attached.',
        ].join('\n'),
        attachments: [
          { filename: 'verde.pdf', content: await sampleDeck('Verde'), contentType: 'application/pdf' },
        ],
      }),
    );
    expect(parsed).toMatchObject({
      fromEmail: 'ana@verde.ag',
      fromName: 'Ana Souza',
      forwardedBy: 'partner@fund.test',
      subject: 'Verde | seed round deck',
    });
    expect(parsed.date?.toISOString().slice(0, 10)).toBe('2026-11-03');
    expect(parsed.attachments.map((a) => a.filename)).toEqual(['verde.pdf']);
  });

  it("a forward as a message/rfc822 attachment takes the original's date and subject", async () => {
    const original = Buffer.from(
      (
        await buildMail({
          to: 'partner@fund.test',
          from: 'Ana Souza <ana@verde.ag>',
          subject: 'Verde deck',
          attachments: [
            { filename: 'verde.pdf', content: await sampleDeck('Verde'), contentType: 'application/pdf' },
          ],
        })
      )
        .toString('latin1')
        .replace(/^Date: .*$/m, 'Date: Mon, 02 Nov 2026 08:30:00 +0000'),
      'latin1',
    );
    const parsed = await parseMessage(
      await buildMail({
        to: 'x@in.test',
        from: 'Partner <partner@fund.test>',
        subject: 'Fw: Verde deck',
        attachments: [{ filename: 'original.eml', content: original, contentType: 'message/rfc822' }],
      }),
    );
    expect(parsed).toMatchObject({ fromEmail: 'ana@verde.ag', subject: 'Verde deck' });
    expect(parsed.date?.toISOString()).toBe('2026-11-02T08:30:00.000Z');
  });
});
