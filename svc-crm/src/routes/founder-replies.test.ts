import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Topics, type TRole } from '@dealflow/contracts';
import { waitFor } from '@dealflow/service-kit/testing';
import { startCrm } from '../../test/crm.js';
import { createDeckExtracted } from '../../test/factories/deck.factory.js';
import { startSmtpCapture } from '../../test/smtp-capture.js';

// Founder communication (issue 23 item 4): templates, a threaded reply from the installation's address with
// Reply-To the member, logged on the timeline; the automatic acknowledgement, at most once per address per day.
type Crm = Awaited<ReturnType<typeof startCrm>>;
let crm: Crm;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
const MAIL_FROM = 'DealFlow <no-reply@dealflow.test>';
beforeAll(async () => {
  smtp = await startSmtpCapture();
  crm = await startCrm({ SMTP_URL: smtp.url, MAIL_FROM });
}, 60_000);
afterAll(async () => {
  await crm?.stop();
  await smtp?.close();
}, 60_000);

const A = 81;
const B = 82;
const as = (orgId: number, userId: number, role: TRole = 'member') => crm.headersFor(orgId, role, userId);
const call = (method: 'GET' | 'PUT' | 'POST', url: string, headers: object, payload?: object) =>
  crm.app.inject({
    method,
    url,
    headers: headers as Record<string, string>,
    ...(payload ? { payload } : {}),
  });

async function dealOf(orgId: number, overrides: Parameters<typeof createDeckExtracted>[0] = {}) {
  const deck = createDeckExtracted({ orgId, ...overrides });
  await crm.bus.publish(Topics.deckExtracted, deck);
  const [created] = await crm.waitForRecord(Topics.dealCreated, deck.emailId);
  return (created!.data as { dealId: string }).dealId;
}
const mailTo = (address: string) => smtp.received.filter((m) => m.envelopeTo.includes(address));

describe('reply templates', () => {
  it('has the three defaults; only an owner edits them; bad templates are 400 with a message', async () => {
    const defaults = await call('GET', '/api/pipeline/reply-templates', as(A, 2));
    expect(defaults.statusCode).toBe(200);
    expect(defaults.json().autoAcknowledge).toBe(false);
    expect(defaults.json().templates.map((t: { kind: string }) => t.kind)).toEqual([
      'acknowledge',
      'request_more',
      'pass',
    ]);
    const templates = defaults
      .json()
      .templates.map((t: { kind: string; body: string }) =>
        t.kind === 'pass'
          ? { ...t, body: 'Dear {{founderName}}, {{company}} is not for us. {{senderName}}' }
          : t,
      );
    expect(
      (await call('PUT', '/api/pipeline/reply-templates', as(A, 2), { templates, autoAcknowledge: false }))
        .statusCode,
    ).toBe(403);
    const saved = await call('PUT', '/api/pipeline/reply-templates', as(A, 1, 'owner'), {
      templates: [...templates].reverse(),
      autoAcknowledge: false,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().templates[2].body).toBe(
      'Dear {{founderName}}, {{company}} is not for us. {{senderName}}',
    );
    expect(saved.json().templates[0].kind).toBe('acknowledge');
    // Another organization keeps the defaults.
    expect((await call('GET', '/api/pipeline/reply-templates', as(B, 9))).json().templates[2].body).toMatch(
      /not to go further/,
    );

    for (const payload of [
      { templates: templates.slice(0, 2), autoAcknowledge: false },
      { templates: [templates[0], templates[0], templates[2]], autoAcknowledge: false },
      {
        templates: templates.map((t: object) => ({ ...t, subject: 'Two\r\nBcc: x@y.z' })),
        autoAcknowledge: false,
      },
      { templates, autoAcknowledge: 'yes' },
    ]) {
      const refused = await call('PUT', '/api/pipeline/reply-templates', as(A, 1, 'owner'), payload);
      expect(refused.statusCode).toBe(400);
      expect(typeof refused.json().message).toBe('string');
    }
  });
});

describe('a reply to the founder', () => {
  it('fills the template, sends it threaded from the installation with Reply-To the member, logs it', async () => {
    const dealId = await dealOf(A, {
      fromEmail: 'ada@orbital-labs.com',
      messageId: '<deck-1@mail.orbital-labs.com>',
    });
    const draft = await call('GET', `/api/deals/${dealId}/reply-draft?template=pass`, as(A, 3));
    expect(draft.statusCode).toBe(200);
    expect(draft.json()).toEqual({
      to: 'ada@orbital-labs.com',
      founderName: 'Ada Founder',
      subject: 'Re: Orbital Labs - Seed deck',
      text: 'Dear Ada Founder, Orbital Labs is not for us. User 3',
      threaded: true,
    });

    const sent = await call('POST', `/api/deals/${dealId}/reply`, as(A, 3), {
      template: 'pass',
      subject: draft.json().subject,
      text: `${draft.json().text}\nGood luck, {{founderName}}.`,
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ kind: 'email', actorId: '3' });

    await waitFor(() => mailTo('ada@orbital-labs.com').length === 1, { timeoutMs: 15_000 });
    const [mail] = mailTo('ada@orbital-labs.com');
    expect(mail).toMatchObject({
      from: MAIL_FROM.replace('DealFlow', '"DealFlow"'),
      replyTo: 'user3@fund.test',
      subject: 'Re: Orbital Labs - Seed deck',
      inReplyTo: '<deck-1@mail.orbital-labs.com>',
      references: ['<deck-1@mail.orbital-labs.com>'],
    });
    expect(mail!.text.trim()).toBe(
      'Dear Ada Founder, Orbital Labs is not for us. User 3\nGood luck, Ada Founder.',
    );

    const timeline = (await call('GET', `/api/deals/${dealId}/timeline`, as(A, 4))).json().entries;
    const email = timeline.find((e: { kind: string }) => e.kind === 'email');
    expect(email.text).toBe(
      'To: ada@orbital-labs.com\nSubject: Re: Orbital Labs - Seed deck\n\nDear Ada Founder, Orbital Labs is not for us. User 3\nGood luck, Ada Founder.',
    );
  });

  it('is 404 for another organization, 400 on a bad body, 502 when the mail server refuses (nothing logged)', async () => {
    const dealId = await dealOf(A, { fromEmail: 'refuse-me@orbital-labs.com' });
    const body = { template: null, subject: 'Hello', text: 'A question' };
    expect((await call('POST', `/api/deals/${dealId}/reply`, as(B, 9), body)).statusCode).toBe(404);
    expect((await call('GET', `/api/deals/${dealId}/reply-draft?template=pass`, as(B, 9))).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/api/deals/${dealId}/reply-draft?template=other`, as(A, 3))).statusCode).toBe(
      400,
    );
    for (const bad of [
      { ...body, subject: '' },
      { ...body, text: ' ' },
      { ...body, subject: 'a\nBcc: x@y.z' },
    ]) {
      const refused = await call('POST', `/api/deals/${dealId}/reply`, as(A, 3), bad);
      expect(refused.statusCode).toBe(400);
      expect(typeof refused.json().message).toBe('string');
    }
    const failed = await call('POST', `/api/deals/${dealId}/reply`, as(A, 3), body);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toMatch(/did not accept/);
    const timeline = (await call('GET', `/api/deals/${dealId}/timeline`, as(A, 3))).json().entries;
    expect(timeline.map((e: { kind: string }) => e.kind)).toEqual(['created']);
  });
});

describe('the automatic acknowledgement', () => {
  it('is off by default, then sent once per founder address per day, threaded and logged', async () => {
    const C = 83;
    const before = await dealOf(C, {
      fromEmail: 'grace@hopper.dev',
      extractedData: { website: 'https://hopper.dev', companyName: 'Hopper' },
    });
    const settings = (await call('GET', '/api/pipeline/reply-templates', as(C, 1))).json();
    const on = await call('PUT', '/api/pipeline/reply-templates', as(C, 1, 'owner'), {
      templates: settings.templates,
      autoAcknowledge: true,
    });
    expect(on.json().autoAcknowledge).toBe(true);

    const first = await dealOf(C, {
      fromEmail: 'Grace@Hopper.dev',
      messageId: '<second-deck@hopper.dev>',
      extractedData: { website: 'https://hopper.dev', companyName: 'Hopper' },
    });
    await dealOf(C, { fromEmail: 'grace@hopper.dev', extractedData: { website: 'https://hopper.dev' } });
    // A later founder's acknowledgement is sent after any queued before it (oldest first): once it has
    // arrived, a second one to grace@ would have too.
    await dealOf(C, { fromEmail: 'linus@kernel.dev', extractedData: { website: 'https://kernel.dev' } });
    await waitFor(() => mailTo('linus@kernel.dev').length === 1, { timeoutMs: 30_000 });

    const toGrace = mailTo('grace@hopper.dev');
    expect(toGrace).toHaveLength(1);
    expect(toGrace[0]).toMatchObject({ inReplyTo: '<second-deck@hopper.dev>', replyTo: null });
    expect(toGrace[0]!.text).toMatch(/Hi Ada Founder,\n\nThank you for sending us Hopper/);

    const timelineOf = async (id: string) =>
      (await call('GET', `/api/deals/${id}/timeline`, as(C, 1))).json().entries as {
        kind: string;
        actorId: string | null;
      }[];
    expect((await timelineOf(before)).some((e) => e.kind === 'email')).toBe(false);
    await waitFor(async () => (await timelineOf(first)).some((e) => e.kind === 'email'), {
      timeoutMs: 15_000,
    });
    expect((await timelineOf(first)).find((e) => e.kind === 'email')!.actorId).toBeNull();
  });
});
