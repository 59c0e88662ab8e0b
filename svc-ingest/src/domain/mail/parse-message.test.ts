import { describe, expect, it } from 'vitest';
import { buildMail } from '../../test/factories/mail.factory.js';
import { sampleDeck } from '../../test/factories/deck.factory.js';
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
