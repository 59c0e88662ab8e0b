import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GMAIL_CONFIRMATION_CODE,
  GMAIL_CONFIRMATION_LINK,
  gmailForwardingConfirmation,
} from '../test/fixtures/forwarding-mail.js';
import { startIngest, type TIngestTest } from '../test/ingest-service.js';

/**
 * Issue 22 item 2: Gmail's forwarding-confirmation email became a failed record and the owner never saw the
 * code. It is kept on the organization (never a record, nor a deck of the month) and Integration 1 shows it.
 */
let h: TIngestTest;
let inbox: { address: string; secret: string };

beforeAll(async () => {
  h = await startIngest();
  inbox = await h.createOrganization(2201, { plan: 'free', monthlyDeckLimit: 5 });
});
afterAll(async () => h?.stop());

describe("Gmail's forwarding confirmation", () => {
  it('is answered 202 without a record, and Integration 1 shows the owner its code and link', async () => {
    const res = await h.postMail(inbox, gmailForwardingConfirmation({ to: inbox.address }));
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: true, emailId: null });
    const rows = await h.query<{ n: string }>('SELECT count(*) AS n FROM emails WHERE org_id = ?', [2201]);
    expect(Number(rows[0]!.n)).toBe(0);
    // identity emails the owner from this event.
    const events = await h.query<{ payload: { data: Record<string, unknown> } }>(
      "SELECT payload FROM kit_outbox WHERE topic = 'ingest.forwarding-confirmation.received' AND payload->>'orgId' = ?",
      ['2201'],
    );
    expect(events.map((e) => e.payload.data)).toEqual([
      expect.objectContaining({ orgId: 2201, code: GMAIL_CONFIRMATION_CODE, link: GMAIL_CONFIRMATION_LINK }),
    ]);

    const owner = await h.app.inject({
      method: 'GET',
      url: '/api/integrations/mailbox',
      headers: h.headersFor(2201),
    });
    expect(owner.statusCode).toBe(200);
    expect(owner.json().forwardingConfirmation).toMatchObject({
      code: GMAIL_CONFIRMATION_CODE,
      link: GMAIL_CONFIRMATION_LINK,
      forwarder: 'jane.investor@gmail.com',
    });
    expect(Date.now() - Date.parse(owner.json().forwardingConfirmation.receivedAt)).toBeLessThan(60_000);

    const member = await h.app.inject({
      method: 'GET',
      url: '/api/integrations/mailbox',
      headers: h.headersFor(2201, 'member', 220_199),
    });
    expect(member.json().forwardingConfirmation).toBeNull();
  }, 60_000);

  it('submitted through the API intake, is answered 202 with emailId null (not a 500)', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/emails',
      payload: gmailForwardingConfirmation({ to: inbox.address }),
      headers: { ...h.headersFor(2201), 'content-type': 'message/rfc822' },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ accepted: true, emailId: null });
  }, 60_000);
});
