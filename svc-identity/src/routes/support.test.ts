import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SupportMessages } from '@dealflow/contracts/plans';
import { TEST_INTERNAL_TOKEN } from '@dealflow/service-kit/testing';
import { startIdentity, type TIdentityTest, type TOutboxEmail } from '../test/identity.js';
import { addMember, registerOwner, registerUser, type TSignedIn } from '../test/factories/user.factory.js';

// Issue 20 item 9: the Help menu's support form. Pro is priority (flag, subject line, 4 business hours); the
// request goes to SUPPORT_EMAIL with the plan and organization, the requester gets the reference by email.

const SUPPORT = 'help@acme-support.test';
let h: TIdentityTest;
beforeAll(async () => {
  h = await startIdentity({ SUPPORT_EMAIL: SUPPORT });
});
afterAll(async () => {
  await h?.stop();
});

const setPlan = (orgId: number, plan: 'free' | 'basic' | 'pro', status: string | null = 'active') =>
  h.query('update organizations set plan = ?, subscription_status = ? where id = ?', [plan, status, orgId]);

const send = (who: TSignedIn, payload: object) =>
  h.app.inject({ method: 'POST', url: '/api/support/requests', headers: who.auth, payload });
const list = (who: TSignedIn) =>
  h.app.inject({ method: 'GET', url: '/api/support/requests', headers: who.auth });
const request = {
  subject: 'Deck not processed',
  message: 'The deck from Tuesday is still pending.\n\nThanks!',
};

type TMail = TOutboxEmail & { replyTo: string };
const mailsAbout = async (reference: string) =>
  ((await h.readOutbox()) as TMail[]).filter((m) => m.subject.includes(reference));

describe('support requests', () => {
  it('a Pro owner sends a priority request: support gets it with plan and organization, the owner the reference', async () => {
    const owner = await registerOwner(h, { name: 'Ada Pro' });
    await setPlan(owner.organization!.id, 'pro', 'active');
    const res = await send(owner, request);
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      reference: expect.stringMatching(/^SR-\d{6}$/),
      subject: request.subject,
      status: 'open',
      tier: 'pro',
      priority: true,
      firstResponse: '4 business hours',
      requester: { name: 'Ada Pro', email: owner.user.email },
    });

    const mails = await mailsAbout(created.reference);
    const toSupport = mails.find((m) => m.to === SUPPORT);
    expect(toSupport?.kind).toBe('support-request');
    expect(toSupport?.subject).toBe(`[PRIORITY] ${created.reference}: ${request.subject}`);
    expect(toSupport?.replyTo).toBe(owner.user.email);
    expect(toSupport?.text).toContain('Priority: Yes (Pro)');
    expect(toSupport?.text).toContain(`Organization: Acme Ventures (id ${owner.organization!.id})`);
    expect(toSupport?.text).toContain('Plan: pro (active)');
    expect(toSupport?.text).toContain(`From: Ada Pro <${owner.user.email}>`);
    expect(toSupport?.text).toContain('The deck from Tuesday is still pending.');

    const ack = mails.find((m) => m.to === owner.user.email);
    expect(ack?.kind).toBe('support-acknowledgement');
    expect(ack?.subject).toBe(`We received your request ${created.reference}`);
    expect(ack?.text).toContain('we will answer within 4 business hours');
    expect(ack?.replyTo).toBe(SUPPORT);
  });

  it('Basic, a lapsed Pro and no plan are not priority, each with its promise', async () => {
    const owner = await registerOwner(h);
    const cases = [
      { plan: 'basic', status: 'active', tier: 'basic', firstResponse: '2 business days' },
      { plan: 'pro', status: 'past_due', tier: 'basic', firstResponse: '2 business days' },
      { plan: 'free', status: null, tier: 'none', firstResponse: '3 business days' },
    ] as const;
    for (const c of cases) {
      await setPlan(owner.organization!.id, c.plan, c.status);
      const res = await send(owner, request);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ tier: c.tier, priority: false, firstResponse: c.firstResponse });
      const toSupport = (await mailsAbout(res.json().reference)).find((m) => m.to === SUPPORT);
      expect(toSupport?.subject.startsWith('SR-')).toBe(true);
      expect(toSupport?.text).toContain('Priority: No');
    }
  });

  it("lists the organization's requests (members too), newest first, not another organization's", async () => {
    const owner = await registerOwner(h);
    await setPlan(owner.organization!.id, 'pro', 'trialing');
    const member = await addMember(h, owner);
    const first = (await send(owner, { ...request, subject: 'First' })).json();
    const second = (await send(member, { ...request, subject: 'Second' })).json();

    const listed = await list(member);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({ tier: 'pro', priority: true, firstResponse: '4 business hours' });
    expect(listed.json().requests.map((r: { reference: string }) => r.reference)).toEqual([
      second.reference,
      first.reference,
    ]);

    const stranger = await registerOwner(h);
    expect((await list(stranger)).json().requests).toEqual([]);
    const close = await h.app.inject({
      method: 'POST',
      url: `/api/support/requests/${first.id}/close`,
      headers: stranger.auth,
    });
    expect(close.statusCode).toBe(404);
  });

  it('status: support marks a request answered (internal), a member closes it', async () => {
    const owner = await registerOwner(h);
    const created = (await send(owner, request)).json();
    const answered = await h.app.inject({
      method: 'POST',
      url: `/internal/support/requests/${created.reference}/status`,
      headers: { 'x-internal-token': TEST_INTERNAL_TOKEN },
      payload: { status: 'answered' },
    });
    expect(answered.statusCode).toBe(200);
    expect((await list(owner)).json().requests[0].status).toBe('answered');
    const closed = await h.app.inject({
      method: 'POST',
      url: `/api/support/requests/${created.id}/close`,
      headers: owner.auth,
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().status).toBe('closed');
    const unknown = await h.app.inject({
      method: 'POST',
      url: '/internal/support/requests/SR-999999/status',
      headers: { 'x-internal-token': TEST_INTERNAL_TOKEN },
      payload: { status: 'answered' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a missing subject or a too short message with the form messages (400, nothing sent)', async () => {
    const owner = await registerOwner(h);
    const before = (await h.readOutbox()).length;
    const noSubject = await send(owner, { subject: '   ', message: request.message });
    expect(noSubject.statusCode).toBe(400);
    expect(noSubject.body).toContain(SupportMessages.subjectRequired);
    const short = await send(owner, { subject: 'Help', message: 'help' });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain(SupportMessages.messageMin);
    expect((await send(owner, { subject: 'x'.repeat(151), message: request.message })).statusCode).toBe(400);
    expect((await send(owner, { subject: 'Help' })).statusCode).toBe(400);
    expect((await h.readOutbox()).length).toBe(before);
  });

  it('escapes what people type in the HTML emails', async () => {
    const owner = await registerOwner(h);
    const res = await send(owner, {
      subject: '<img src=x onerror=alert(1)>',
      message: '<script>alert(1)</script> now',
    });
    const mails = await mailsAbout(res.json().reference);
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).not.toContain('<img src=x');
      expect(mail.html).toContain('&lt;script&gt;');
    }
  });

  it('throttles one person to 5 requests an hour (429 with the message)', async () => {
    const owner = await registerOwner(h);
    for (let i = 0; i < 5; i += 1) expect((await send(owner, request)).statusCode).toBe(201);
    const sixth = await send(owner, request);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe(SupportMessages.throttled);
  });

  it('needs a signed-in member of an organization', async () => {
    const anonymous = await h.app.inject({ method: 'POST', url: '/api/support/requests', payload: request });
    expect(anonymous.statusCode).toBe(401);
    const noOrganization = await registerUser(h);
    expect((await send(noOrganization, request)).statusCode).toBe(403);
  });
});
