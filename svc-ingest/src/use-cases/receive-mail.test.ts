import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMail } from '../test/factories/mail.factory.js';
import { startIngest, type TIngestTest } from '../test/ingest-service.js';

/**
 * Issue 12: a message over the mail worker's limits, posted for a known organization, becomes a failed record
 * with the reason (it was a 422 and the investor never saw it). A post that names no organization stays a 4xx.
 */
let h: TIngestTest;
let inbox: { address: string; secret: string };

beforeAll(async () => {
  // 50 ms: a 16 MB message cannot be parsed in that (the worker is stopped); the limit's path is the same at 15 s.
  h = await startIngest({ env: { MAIL_PARSE_TIMEOUT_MS: '50' } });
  inbox = await h.createOrganization(1301);
});
afterAll(async () => h?.stop());

const post = (raw: Buffer, secret = inbox.secret) =>
  h.app.inject({
    method: 'POST',
    url: '/webhooks/mail',
    payload: raw,
    headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${secret}` },
  });

describe('a message over the mail worker limits', () => {
  it('becomes a failed record with the reason, once per Message-ID', async () => {
    const raw = await buildMail({
      to: inbox.address,
      subject: 'Too big to read in time',
      messageId: '<too-complex-1@startup.test>',
      attachments: [{ filename: 'big.bin', content: Buffer.alloc(16 * 1024 * 1024, 7) }],
    });
    const res = await post(raw);
    expect(res.statusCode).toBe(202);
    const { emailId } = res.json() as { emailId: number };
    const [row] = await h.query<{
      status: string;
      status_reason: string;
      subject: string;
      from_email: string;
      from_name: string;
    }>('SELECT status, status_reason, subject, from_email, from_name FROM emails WHERE id = ?', [emailId]);
    expect(row).toMatchObject({
      status: 'failed',
      subject: 'Too big to read in time',
      from_email: 'jane@acmerobotics.io',
      from_name: 'Jane Founder',
    });
    expect(row!.status_reason).toMatch(/Message too complex to read: stopped after 50 ms/);
    // The provider redelivers: the same record.
    const again = await post(raw);
    expect(again.statusCode).toBe(202);
    expect(again.json().emailId).toBe(emailId);
  }, 60_000);

  it('stays a 401 when no organization can be named (unknown address)', async () => {
    const raw = await buildMail({
      to: 'fund-0123456789ab@in.test',
      attachments: [{ filename: 'big.bin', content: Buffer.alloc(16 * 1024 * 1024, 7) }],
    });
    expect((await post(raw)).statusCode).toBe(401);
  });
});
