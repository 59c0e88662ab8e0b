import { describe, expect, it } from 'vitest';
import { headerRecipients, inboundTokens, isWebhookAuthorized, signBody } from './webhook-auth.js';

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
