import { describe, expect, it } from 'vitest';
import {
  HEADER_MAX_BYTES,
  headerRecipients,
  inboundTokens,
  isWebhookAuthorized,
  parseHeaderRecipients,
  signBody,
} from './webhook-auth.js';

describe('webhook authentication', () => {
  const body = Buffer.from('From: a@b.c\r\nTo: fund-0123456789ab@in.test\r\n\r\nhi');
  it('accepts the bearer secret or an HMAC of the exact body', () => {
    expect(isWebhookAuthorized('s3cret', { authorization: 'Bearer s3cret' }, body)).toBe(true);
    expect(isWebhookAuthorized('s3cret', { 'x-dealflow-signature': signBody('s3cret', body) }, body)).toBe(
      true,
    );
    expect(
      isWebhookAuthorized(
        's3cret',
        { 'x-dealflow-signature': signBody('s3cret', Buffer.from('other')) },
        body,
      ),
    ).toBe(false);
    expect(isWebhookAuthorized('s3cret', { authorization: 'Basic s3cret' }, body)).toBe(false);
    expect(isWebhookAuthorized('s3cret', {}, body)).toBe(false);
  });
  it('finds the organization token in the header block only', () => {
    expect(headerRecipients(body)).toEqual(['fund-0123456789ab@in.test']);
    expect(inboundTokens(['fund-0123456789ab@in.test', 'x@other.test', 'bad-zz@in.test'], 'in.test')).toEqual(
      ['0123456789ab'],
    );
  });
});

describe('recipient parsing before authentication (issue 12: the address regex was super-linear)', () => {
  it('reads a 40 KB hostile To: header in steps linear in its size and still finds the real address', () => {
    // The old /[A-Za-z0-9._%+'-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g re-scanned the rest of the line from every
    // start position: 10 s on an 80 KB To: header, 7 s on this 40 KB one. The parser counts the characters it visits.
    const hostile = `a@${'b.'.repeat(20_000)}`; // 40 KB: 7 s with the old regex
    const raw = Buffer.from(`From: x@y.z\r\nTo: ${hostile}, fund-0123456789ab@in.test\r\n\r\nbody`);
    const parsed = parseHeaderRecipients(raw);
    expect(parsed.addresses).toEqual(['fund-0123456789ab@in.test']);
    expect(parsed.steps).toBeLessThanOrEqual(4 * raw.length);
    expect(parsed.truncated).toBe(false);
  });

  it('reads no further than the header cap and says so', () => {
    const raw = Buffer.from(
      `To: ${'x'.repeat(HEADER_MAX_BYTES * 2)}\r\nTo: fund-0123456789ab@in.test\r\n\r\n`,
    );
    const parsed = parseHeaderRecipients(raw);
    expect(parsed.truncated).toBe(true);
    expect(parsed.steps).toBeLessThanOrEqual(4 * HEADER_MAX_BYTES);
    expect(parsed.addresses).toEqual([]);
  });

  it('reads display names, angle brackets, folded lines and several recipient headers', () => {
    const raw = Buffer.from(
      [
        'From: "Jane, Founder" <jane@acme.io>',
        'To: "Deals, Fund" <Fund-0123456789AB@In.Test>,',
        '\tother@fund.test',
        'Cc: <c@d.example>; not-an-address, @bad.test, x@nodot, y@host.c',
        'Delivered-To: z@e.example',
        'Subject: To: fake@header.test',
        '',
        'To: body@not.header',
      ].join('\r\n'),
    );
    expect(parseHeaderRecipients(raw).addresses).toEqual([
      'fund-0123456789ab@in.test',
      'other@fund.test',
      'c@d.example',
      'z@e.example',
    ]);
  });
});
