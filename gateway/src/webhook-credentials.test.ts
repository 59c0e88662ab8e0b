import { describe, expect, it } from 'vitest';
import { carriesWebhookCredential } from './webhook-credentials.js';

const basic = `Basic ${Buffer.from('dealflow:s3cret-s3cret-s3cret').toString('base64')}`;
const hex = 'a'.repeat(64);

describe('carriesWebhookCredential: the table of what each sender sends', () => {
  it.each([
    ['/webhooks/stripe', { 'stripe-signature': `t=1700000000,v1=${hex}` }],
    ['/webhooks/stripe', { 'stripe-signature': `t=1700000000,v1=${hex},v0=${hex}` }],
    ['/webhooks/mail', { authorization: 'Bearer 0123456789abcdef0123456789abcdef' }],
    ['/webhooks/mail', { 'x-dealflow-signature': `sha256=${hex}` }],
    ['/webhooks/mail', { authorization: basic }],
    ['/webhooks/mail/ses', { 'x-amz-sns-message-type': 'Notification', authorization: basic }],
    ['/webhooks/mail/operator/raw', { authorization: 'Bearer 0123456789abcdef0123456789abcdef' }],
    ['/webhooks/mail/operator/sendgrid', { authorization: basic }],
    ['/webhooks/mail/operator/postmark', { authorization: basic }],
    ['/webhooks/mail/operator/mailgun', { 'content-type': 'multipart/form-data; boundary=----x' }],
    ['/webhooks/mail/operator/ses', { 'x-amz-sns-message-type': 'SubscriptionConfirmation' }],
  ])('recognises %s with %o', (path, headers) => expect(carriesWebhookCredential(path, headers)).toBe(true));

  it.each([
    ['/webhooks/mail', { 'x-foo-signature': 'anything' }],
    ['/webhooks/mail', { signature: `sha256=${hex}` }],
    ['/webhooks/mail', { 'x-dealflow-signature': 'sha256=00' }],
    ['/webhooks/mail', { 'stripe-signature': `t=1700000000,v1=${hex}` }],
    ['/webhooks/mail', { authorization: 'Token abc' }],
    ['/webhooks/mail', { authorization: 'Bearer ' }],
    ['/webhooks/stripe', { 'stripe-signature': 'x' }],
    ['/webhooks/stripe', { authorization: basic }],
    ['/webhooks/mail/ses', { 'x-amz-sns-message-type': 'Notification' }],
    ['/webhooks/mail/ses', { 'x-amz-sns-message-type': 'Other', authorization: basic }],
    ['/webhooks/mail', {}],
    ['/webhooks/mail/operator/raw', { authorization: basic }],
    ['/webhooks/mail/operator/sendgrid', { 'x-dealflow-signature': `sha256=${hex}` }],
    ['/webhooks/mail/operator/mailgun', { 'content-type': 'message/rfc822' }],
    ['/webhooks/mail/operator/ses', { 'x-amz-sns-message-type': 'Other' }],
  ])('does not recognise %s with %o', (path, headers) =>
    expect(carriesWebhookCredential(path, headers)).toBe(false),
  );
});
