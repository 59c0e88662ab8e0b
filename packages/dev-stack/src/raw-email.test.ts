import { randomBytes } from 'node:crypto';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { buildRawEmail } from './raw-email.js';

// Read back with mailparser, the parser svc-ingest's intake uses: what the writer writes is what the intake sees.

describe('buildRawEmail', () => {
  it('writes a multipart message whose attachments come back byte for byte', async () => {
    const deck = randomBytes(10_001); // not a multiple of 3: the padding is exercised
    const raw = buildRawEmail({
      from: 'Ada Founder <ada@orbital-labs.com>',
      to: 'deals-x@in.example.com',
      subject: 'Orbital Labs - Seed deck',
      text: 'Hi, please find our deck attached.',
      date: new Date('2026-11-20T10:00:00Z'),
      messageId: '<deck-1@e2e.test>',
      attachments: [
        { filename: 'orbital-labs.pdf', contentType: 'application/pdf', content: deck },
        { filename: 'notes.txt', contentType: 'text/plain', content: { base64: 'aGVsbG8=' } },
      ],
    });
    expect(raw.split('\r\n').every((line) => line.length <= 998)).toBe(true);
    const mail = await simpleParser(raw);
    expect(mail.from?.value[0]).toEqual({ address: 'ada@orbital-labs.com', name: 'Ada Founder' });
    expect(mail.subject).toBe('Orbital Labs - Seed deck');
    expect(mail.messageId).toBe('<deck-1@e2e.test>');
    expect(mail.date?.toISOString()).toBe('2026-11-20T10:00:00.000Z');
    expect(mail.text?.trim()).toBe('Hi, please find our deck attached.');
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['orbital-labs.pdf', 'application/pdf'],
      ['notes.txt', 'text/plain'],
    ]);
    expect(Buffer.compare(mail.attachments[0]!.content, deck)).toBe(0);
    expect(mail.attachments[1]!.content.toString()).toBe('hello');
  });

  it('encodes bytes without Buffer the same as with it (as under k6)', async () => {
    const bytes = randomBytes(301);
    const input = {
      from: 'a@b.io',
      to: 'c@d.io',
      subject: 's',
      text: 't',
      messageId: '<same@e2e.test>',
      date: 'Sat, 28 Nov 2026 06:40:12 -0800',
      attachments: [{ filename: 'x.bin', contentType: 'application/octet-stream', content: bytes }],
    };
    const withBuffer = buildRawEmail(input);
    const saved = globalThis.Buffer;
    // @ts-expect-error: k6 has no Buffer
    delete globalThis.Buffer;
    let withoutBuffer: string;
    try {
      withoutBuffer = buildRawEmail(input);
    } finally {
      globalThis.Buffer = saved;
    }
    const body = (raw: string) =>
      raw.slice(raw.indexOf('Content-Transfer-Encoding'), raw.lastIndexOf('\r\n--part-'));
    expect(body(withoutBuffer)).toBe(body(withBuffer));
  });

  it('writes a single text/plain message with extra headers first and a unique Message-ID', async () => {
    const one = buildRawEmail({
      headers: ['Delivered-To: deals@in.example.com'],
      from: 'Gmail Team <forwarding-noreply@google.com>',
      to: 'deals@in.example.com',
      subject: '(#1234) Gmail Forwarding Confirmation',
      text: 'Confirmation code: 1234',
      textContentType: 'text/plain; charset="UTF-8"',
    });
    expect(one.startsWith('Delivered-To: deals@in.example.com\r\n')).toBe(true);
    expect(one).not.toContain('multipart');
    const mail = await simpleParser(one);
    expect(mail.text?.trim()).toBe('Confirmation code: 1234');
    const other = await simpleParser(
      buildRawEmail({ from: 'a@b.io', to: 'c@d.io', subject: 's', text: 't' }),
    );
    expect(other.messageId).toMatch(/@raw-email\.test>$/);
    expect(other.messageId).not.toBe(mail.messageId);
  });
});
