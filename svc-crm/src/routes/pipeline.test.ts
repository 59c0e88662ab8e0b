import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Topics, type TRole } from '@dealflow/contracts';
import { waitFor } from '@dealflow/service-kit/testing';
import { startCrm } from '../../test/crm.js';
import { createDeckExtracted } from '../../test/factories/deck.factory.js';

// The pipeline and the team's decision (issue 23 items 2, 3, 6): stages, deals, timeline, comments, ratings.
type Crm = Awaited<ReturnType<typeof startCrm>>;
let crm: Crm;
beforeAll(async () => {
  crm = await startCrm();
}, 60_000);
afterAll(async () => crm?.stop(), 60_000);

const A = 71;
const B = 72;
const as = (orgId: number, userId: number, role: TRole = 'member') => crm.headersFor(orgId, role, userId);

async function dealOf(orgId: number, website = 'https://www.orbital-labs.com') {
  const deck = createDeckExtracted({ orgId, extractedData: { website } });
  await crm.bus.publish(Topics.deckExtracted, deck);
  const [created] = await crm.waitForRecord(Topics.dealCreated, deck.emailId);
  return (created!.data as { dealId: string }).dealId;
}

const call = (method: 'GET' | 'PUT' | 'PATCH' | 'POST', url: string, headers: object, payload?: object) =>
  crm.app.inject({
    method,
    url,
    headers: headers as Record<string, string>,
    ...(payload ? { payload } : {}),
  });

describe('the pipeline', () => {
  it('has the default stages and pass reasons; only an owner edits them, and a stage holding deals stays', async () => {
    const pipeline = await call('GET', '/api/pipeline/stages', as(A, 1));
    expect(pipeline.statusCode).toBe(200);
    expect(pipeline.json().stages.map((s: { name: string }) => s.name)).toEqual([
      'New',
      'Screening',
      'First meeting',
      'Diligence',
      'IC',
      'Invested',
      'Passed',
    ]);
    expect(pipeline.json().passReasons.length).toBeGreaterThan(0);

    const body = {
      stages: [
        { name: 'New', outcome: 'open' },
        { name: 'Call', outcome: 'open' },
        { name: 'Invested', outcome: 'invested' },
        { name: 'Passed', outcome: 'passed' },
      ],
      passReasons: ['Too early', 'Not our sector'],
    };
    const byMember = await call('PUT', '/api/pipeline/stages', as(A, 2), body);
    expect(byMember.statusCode).toBe(403);

    const byOwner = await call('PUT', '/api/pipeline/stages', as(A, 1, 'owner'), body);
    expect(byOwner.statusCode).toBe(200);
    expect((await call('GET', '/api/pipeline/stages', as(A, 2))).json()).toEqual(body);
    // Another organization keeps the defaults.
    expect((await call('GET', '/api/pipeline/stages', as(B, 9))).json().stages).toHaveLength(7);

    const dealId = await dealOf(A, 'https://stage-kept.example');
    expect((await call('PATCH', `/api/deals/${dealId}`, as(A, 2), { stage: 'Call' })).statusCode).toBe(200);
    const removing = await call('PUT', '/api/pipeline/stages', as(A, 1, 'owner'), {
      ...body,
      stages: body.stages.filter((s) => s.name !== 'Call'),
    });
    expect(removing.statusCode).toBe(409);
    expect(removing.json().message).toMatch(/Call/);
  });

  it('refuses bad pipelines and bad changes with 400 and a message', async () => {
    for (const payload of [
      { stages: [{ name: 'Only', outcome: 'open' }], passReasons: [] },
      {
        stages: [
          { name: 'A', outcome: 'open' },
          { name: 'a', outcome: 'open' },
        ],
        passReasons: [],
      },
      { stages: [{ name: 'A', outcome: 'sideways' }], passReasons: [] },
    ]) {
      const res = await call('PUT', '/api/pipeline/stages', as(B, 9, 'owner'), payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    const dealId = await dealOf(B, 'https://bad-changes.example');
    for (const payload of [
      {},
      { stage: 'Nowhere' },
      { passReason: 'Because' },
      { nextStepDate: 'tomorrow' },
      { ownerId: 4242 },
      { amount: 'x'.repeat(65) },
    ]) {
      const res = await call('PATCH', `/api/deals/${dealId}`, as(B, 9), payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    const badRating = await call('PUT', `/api/deals/${dealId}/rating`, as(B, 9), { score: 6 });
    expect(badRating.statusCode).toBe(400);
    const emptyComment = await call('POST', `/api/deals/${dealId}/comments`, as(B, 9), { text: '  ' });
    expect(emptyComment.statusCode).toBe(400);
  });
});

describe('deals', () => {
  it("another organization's member gets 404 on every deal route", async () => {
    const dealId = await dealOf(A, 'https://scoped.example');
    const other = as(B, 9);
    for (const [method, url, payload] of [
      ['PATCH', `/api/deals/${dealId}`, { stage: 'New' }],
      ['GET', `/api/deals/${dealId}/timeline`],
      ['POST', `/api/deals/${dealId}/comments`, { text: 'hello' }],
      ['GET', `/api/deals/${dealId}/rating`],
      ['PUT', `/api/deals/${dealId}/rating`, { score: 3 }],
    ] as const) {
      const res = await call(method, url, other, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const list = await call('GET', '/api/deals?limit=500', other);
    expect(list.json().deals.map((d: { id: string }) => d.id)).not.toContain(dealId);
  });

  it('moves a deal, assigns it to me and to a member, and the timeline says who and when', async () => {
    const dealId = await dealOf(B, 'https://moved.example');
    const moved = await call('PATCH', `/api/deals/${dealId}`, as(B, 9), { stage: 'Screening' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ id: dealId, stage: 'Screening', amount: '$2.5M', round: 'Seed' });

    const mine = await call('PATCH', `/api/deals/${dealId}`, as(B, 9), {
      ownerId: 9,
      nextStep: 'Call the founder',
      nextStepDate: '2026-12-01',
    });
    expect(mine.json()).toMatchObject({
      ownerId: '9',
      nextStep: 'Call the founder',
      nextStepDate: '2026-12-01',
    });
    const myDeals = await call('GET', '/api/deals?owner=me', as(B, 9));
    expect(myDeals.json().deals.map((d: { id: string }) => d.id)).toEqual([dealId]);
    expect((await call('GET', '/api/deals?owner=me', as(B, 10))).json().deals).toEqual([]);

    // A member known from identity.member.added may own it; a stranger may not.
    await crm.bus.publish(Topics.memberAdded, {
      orgId: B,
      userId: 10,
      email: 'grace@example.com',
      name: 'Grace',
      role: 'member',
      memberCount: 2,
    });
    await waitFor(
      async () => (await call('PATCH', `/api/deals/${dealId}`, as(B, 9), { ownerId: 10 })).statusCode === 200,
      { timeoutMs: 15_000 },
    );
    expect((await call('GET', '/api/deals?owner=10', as(B, 9))).json().deals).toHaveLength(1);

    const passed = await call('PATCH', `/api/deals/${dealId}`, as(B, 9), {
      stage: 'Passed',
      passReason: 'Too early',
    });
    expect(passed.json()).toMatchObject({ stage: 'Passed', passReason: 'Too early' });

    const timeline = (await call('GET', `/api/deals/${dealId}/timeline`, as(B, 10))).json().entries;
    expect(timeline.map((e: { kind: string }) => e.kind)).toEqual([
      'created',
      'stage_changed',
      'updated',
      'updated',
      'stage_changed',
      'updated',
    ]);
    expect(timeline[1]).toMatchObject({ actorId: '9', fromStage: 'New', toStage: 'Screening' });
    expect(timeline[4]).toMatchObject({ fromStage: 'Screening', toStage: 'Passed' });
    expect(timeline[5].text).toMatch(/pass reason: Too early/);
  });

  it('pages with a cursor, newest first, and filters by stage', async () => {
    const org = 73;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await dealOf(org, `https://page${i}.example`));
    await call('PATCH', `/api/deals/${ids[0]}`, as(org, 1), { stage: 'Diligence' });

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await call('GET', `/api/deals?limit=2${cursor ? `&cursor=${cursor}` : ''}`, as(org, 1));
      expect(page.statusCode).toBe(200);
      const body = page.json();
      expect(body.deals.length).toBeLessThanOrEqual(2);
      seen.push(...body.deals.map((d: { id: string }) => d.id));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());

    const diligence = await call('GET', '/api/deals?stage=Diligence', as(org, 1));
    expect(diligence.json().deals.map((d: { id: string }) => d.id)).toEqual([ids[0]]);
    expect((await call('GET', '/api/deals?limit=501', as(org, 1))).statusCode).toBe(400);
    expect((await call('GET', '/api/deals?cursor=abc', as(org, 1))).statusCode).toBe(400);
  });
});

describe('the team decision', () => {
  it('a comment with @mentions is on the timeline and announced for the mentioned members', async () => {
    const dealId = await dealOf(A, 'https://commented.example');
    const res = await call('POST', `/api/deals/${dealId}/comments`, as(A, 1), {
      text: '@Grace can you take the call?',
      mentions: [10, 1, 10],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'comment', actorId: '1', mentions: ['10'] });
    await waitFor(() => crm.bus.of(Topics.commentCreated, A).length >= 1, { timeoutMs: 15_000 });
    expect(crm.bus.of(Topics.commentCreated, A).at(-1)!.data).toMatchObject({
      dealId,
      authorId: 1,
      mentions: [10],
      text: '@Grace can you take the call?',
      companyName: 'Orbital Labs',
    });
    const timeline = (await call('GET', `/api/deals/${dealId}/timeline`, as(A, 2))).json().entries;
    expect(timeline.at(-1)).toMatchObject({ kind: 'comment', text: '@Grace can you take the call?' });
  });

  it("the team's average and spread, and the ratings on the timeline, only for a member who has rated", async () => {
    const dealId = await dealOf(A, 'https://rated.example');
    const first = await call('PUT', `/api/deals/${dealId}/rating`, as(A, 1), {
      score: 5,
      note: 'Strong team',
    });
    expect(first.json()).toEqual({
      mine: { score: 5, note: 'Strong team' },
      summary: { average: 5, spread: 0, count: 1 },
    });

    // Member 2 has not rated: nothing to anchor on.
    expect((await call('GET', `/api/deals/${dealId}/rating`, as(A, 2))).json()).toEqual({
      mine: null,
      summary: null,
    });
    const hidden = (await call('GET', `/api/deals/${dealId}/timeline`, as(A, 2))).json().entries.at(-1);
    expect(hidden).toMatchObject({ kind: 'rating', actorId: '1', score: null, text: null });

    const second = await call('PUT', `/api/deals/${dealId}/rating`, as(A, 2), { score: 2 });
    expect(second.json()).toEqual({
      mine: { score: 2, note: null },
      summary: { average: 3.5, spread: 3, count: 2 },
    });
    const shown = (await call('GET', `/api/deals/${dealId}/timeline`, as(A, 2))).json().entries;
    expect(
      shown.filter((e: { kind: string }) => e.kind === 'rating').map((e: { score: number }) => e.score),
    ).toEqual([5, 2]);

    // A new rating replaces the member's own.
    const again = await call('PUT', `/api/deals/${dealId}/rating`, as(A, 2), { score: 4 });
    expect(again.json().summary).toEqual({ average: 4.5, spread: 1, count: 2 });
  });
});
