import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@dealflow/service-kit/testing';
import { Topics, type TEventPayload } from '@dealflow/contracts';
import { startIdentity, type TIdentityTest, type TOutboxEmail } from '../test/identity.js';
import { addMember, registerOwner, type TSignedIn } from '../test/factories/user.factory.js';
import { sendWeeklyDigests } from '../use-cases/send-weekly-digests.js';

// Issue 14 item 6: the notification settings drive real emails (deck processed, record failed, deal created,
// weekly digest), each with its own unsubscribe link; ingest's and crm's events arrive over the broker.
let h: TIdentityTest;

beforeAll(async () => {
  h = await startIdentity({}, { broker: true });
}, 90_000);

afterAll(async () => {
  await h?.stop();
});

const bus = () => {
  if (!h.bus) throw new Error('started without a broker');
  return h.bus;
};

const mailTo = async (to: string, subject: RegExp) =>
  (await h.readOutbox()).filter((m) => m.to === to && subject.test(m.subject));

const setNotifications = async (user: TSignedIn, patch: Record<string, boolean>) => {
  const res = await h.app.inject({
    method: 'PATCH',
    url: '/api/settings/notifications',
    headers: user.auth,
    payload: patch,
  });
  expect(res.statusCode, res.body).toBe(200);
};

const linkToken = (mail: TOutboxEmail) => {
  const match = /\/unsubscribe\?token=([^\s"&<]+)/.exec(mail.text);
  if (!match) throw new Error(`no unsubscribe link in: ${mail.text}`);
  return decodeURIComponent(match[1]!);
};

let emailId = 900_000;
const deckProcessed = (orgId: number, over: Partial<TEventPayload<typeof Topics.deckProcessed>> = {}) => ({
  orgId,
  emailId: ++emailId,
  userId: null,
  processedAt: new Date().toISOString(),
  outcome: 'completed' as const,
  companyName: 'Keyless Labs',
  subject: 'Keyless Labs - Seed deck',
  statusReason: null,
  ...over,
});

describe('notification emails', () => {
  it('a processed deck emails each member who wants it, once, and a failed one says why', async () => {
    const owner = await registerOwner(h);
    const member = await addMember(h, owner);
    const quiet = await addMember(h, owner);
    await setNotifications(quiet, { emailOnDeckProcessed: false });
    const orgId = owner.organization!.id;

    const deck = deckProcessed(orgId);
    await bus().publish(Topics.deckProcessed, deck, { orgId });
    // The same deck announced again (a redelivery with a new event id): nobody is emailed twice.
    await bus().publish(Topics.deckProcessed, deck, { orgId });
    await waitFor(async () => (await mailTo(member.user.email, /^New deck: Keyless Labs$/)).length > 0, {
      timeoutMs: 30_000,
    });
    const toOwner = await mailTo(owner.user.email, /^New deck: Keyless Labs$/);
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0]!.text).toContain('Keyless Labs - Seed deck');
    expect(toOwner[0]!.text).toContain('/processed-emails');
    expect((toOwner[0] as TOutboxEmail & { listUnsubscribe?: string }).listUnsubscribe).toMatch(
      /\/api\/settings\/notifications\/unsubscribe\?token=/,
    );

    const failed = deckProcessed(orgId, {
      outcome: 'failed',
      companyName: null,
      statusReason: 'No pitch deck found: no PDF or PPTX attachment',
      subject: 'Hello',
    });
    await bus().publish(Topics.deckProcessed, failed, { orgId });
    await waitFor(async () => (await mailTo(owner.user.email, /could not be processed/)).length > 0, {
      timeoutMs: 30_000,
    });
    const failure = (await mailTo(owner.user.email, /could not be processed/))[0]!;
    expect(failure.subject).toBe('A deck could not be processed: Hello');
    expect(failure.text).toContain('Reason: No pitch deck found: no PDF or PPTX attachment');

    expect(await mailTo(member.user.email, /^New deck/)).toHaveLength(1);
    expect(await mailTo(quiet.user.email, /^New deck|could not be processed/)).toHaveLength(0);
  }, 60_000);

  it('a deal created emails once per deal, even when crm announces it again', async () => {
    const owner = await registerOwner(h);
    const orgId = owner.organization!.id;
    const deal: TEventPayload<typeof Topics.dealCreated> = {
      orgId,
      emailId: ++emailId,
      dealId: `deal-${emailId}`,
      companyId: '7',
      dealUrl: 'http://localhost:3000/processed-emails?deal=7',
      provider: 'builtin',
      companyName: 'Northwind Robotics',
    };
    await bus().publish(Topics.dealCreated, deal, { orgId });
    await bus().publish(Topics.dealCreated, deal, { orgId });
    // A later deal of the same organization (same partition, so consumed after both): once it is emailed,
    // the second announcement has been handled too.
    await bus().publish(
      Topics.dealCreated,
      { ...deal, emailId: ++emailId, dealId: `deal-${emailId}`, companyName: 'Sentinel Co' },
      { orgId },
    );
    await waitFor(async () => (await mailTo(owner.user.email, /^Deal created: Sentinel Co$/)).length > 0, {
      timeoutMs: 30_000,
    });
    const mails = await mailTo(owner.user.email, /^Deal created: Northwind Robotics$/);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Deal created: Northwind Robotics');
    expect(mails[0]!.text).toContain('http://localhost:3000/processed-emails?deal=7');
  }, 60_000);

  it("the email's unsubscribe link turns that one setting off without signing in; a forged link is refused", async () => {
    const owner = await registerOwner(h);
    const orgId = owner.organization!.id;
    await bus().publish(Topics.deckProcessed, deckProcessed(orgId, { companyName: 'Acme Rockets' }), {
      orgId,
    });
    await waitFor(async () => (await mailTo(owner.user.email, /^New deck: Acme Rockets$/)).length > 0, {
      timeoutMs: 30_000,
    });
    const token = linkToken((await mailTo(owner.user.email, /^New deck: Acme Rockets$/))[0]!);

    // A mail client's RFC 8058 one-click POST: a form body, no cookie.
    const done = await h.app.inject({
      method: 'POST',
      url: `/api/settings/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ kind: 'emailOnDeckProcessed', email: owner.user.email });
    const settings = await h.app.inject({
      method: 'GET',
      url: '/api/settings/notifications',
      headers: owner.auth,
    });
    expect(settings.json()).toEqual({
      emailOnDeckProcessed: false,
      emailOnDealCreated: true,
      weeklyDigest: false,
      emailOnMention: true,
    });

    await bus().publish(Topics.deckProcessed, deckProcessed(orgId, { companyName: 'After Unsubscribe' }), {
      orgId,
    });
    await bus().publish(
      Topics.dealCreated,
      {
        orgId,
        emailId: ++emailId,
        dealId: `deal-${emailId}`,
        companyId: '8',
        dealUrl: 'http://localhost:3000/processed-emails?deal=8',
        provider: 'builtin',
        companyName: 'Still Told',
      },
      { orgId },
    );
    await waitFor(async () => (await mailTo(owner.user.email, /^Deal created: Still Told$/)).length > 0, {
      timeoutMs: 30_000,
    });
    expect(await mailTo(owner.user.email, /After Unsubscribe/)).toHaveLength(0);

    const [userId, code, signature] = token.split('.');
    for (const forged of [
      `${Number(userId) + 1}.${code}.${signature}`,
      `${userId}.w.${signature}`,
      `${userId}.${code}.${'A'.repeat(43)}`,
      'not-a-token',
    ]) {
      const refused = await h.app.inject({
        method: 'POST',
        url: `/api/settings/notifications/unsubscribe?token=${encodeURIComponent(forged)}`,
      });
      expect(refused.statusCode, forged).toBe(400);
      expect(refused.json().message).toBe(
        'This unsubscribe link is invalid. You can change your emails in Settings.',
      );
    }
    const missing = await h.app.inject({ method: 'POST', url: '/api/settings/notifications/unsubscribe' });
    expect(missing.statusCode).toBe(400);
  }, 60_000);

  it("the weekly digest counts last week's decks and deals for those who asked, and goes out once", async () => {
    const owner = await registerOwner(h);
    const member = await addMember(h, owner);
    await setNotifications(owner, {
      weeklyDigest: true,
      emailOnDeckProcessed: false,
      emailOnDealCreated: false,
    });
    const orgId = owner.organization!.id;
    const processedAt = new Date().toISOString();
    await bus().publish(
      Topics.deckProcessed,
      deckProcessed(orgId, { processedAt, companyName: 'Digest One' }),
      {
        orgId,
      },
    );
    await bus().publish(
      Topics.deckProcessed,
      deckProcessed(orgId, { processedAt, companyName: 'Digest Two' }),
      {
        orgId,
      },
    );
    await bus().publish(
      Topics.deckProcessed,
      deckProcessed(orgId, {
        processedAt,
        outcome: 'failed',
        companyName: null,
        statusReason: 'Unreadable PDF',
      }),
      { orgId },
    );
    // The member (default settings) is emailed per deck; once the third arrives, all three are recorded.
    await waitFor(async () => (await mailTo(member.user.email, /could not be processed/)).length > 0, {
      timeoutMs: 30_000,
    });

    const nextWeek = new Date(Date.now() + 7 * 86_400_000);
    const deps = h.svc.deps;
    expect(await sendWeeklyDigests(h.svc.ctx.orm.em.fork(), deps, nextWeek)).toBeGreaterThanOrEqual(1);
    const digests = await mailTo(owner.user.email, /your week in Dealflow/);
    expect(digests).toHaveLength(1);
    expect(digests[0]!.text).toContain('3 decks received: 2 processed, 1 failed.');
    expect(digests[0]!.text).toContain('Companies: Digest One, Digest Two.');
    expect(digests[0]!.text).toContain('/unsubscribe?token=');
    expect(await mailTo(member.user.email, /your week in Dealflow/)).toHaveLength(0);

    await sendWeeklyDigests(h.svc.ctx.orm.em.fork(), deps, nextWeek);
    expect(await mailTo(owner.user.email, /your week in Dealflow/)).toHaveLength(1);
  }, 60_000);
});
