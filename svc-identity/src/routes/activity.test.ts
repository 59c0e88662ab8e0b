import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TActivityEntry, TActivityPage } from '@dealflow/contracts';
import { startIdentity, type TIdentityTest } from '../test/identity.js';
import { addMember, login, registerOwner, uniqueEmail } from '../test/factories/user.factory.js';
import { listActivity, logActivity } from '../repositories/activity-log.repository.js';

let h: TIdentityTest;
beforeAll(async () => {
  h = await startIdentity();
});
afterAll(async () => {
  await h?.stop();
});

const page = async (headers: Record<string, string>, query = '') => {
  const res = await h.app.inject({ method: 'GET', url: `/api/organization/activity${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TActivityPage>();
};

/** Every entry of the owner's organization through the API (all pages). */
const allEntries = async (headers: Record<string, string>, filter = '') => {
  const entries: TActivityEntry[] = [];
  let cursor: string | null = null;
  do {
    const sep: string = filter ? '&' : '?';
    const res: TActivityPage = await page(
      headers,
      `${filter}${cursor ? `${sep}cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    entries.push(...res.entries);
    cursor = res.nextCursor;
  } while (cursor);
  return entries;
};

describe('GET /api/organization/activity', () => {
  it('is for the owner: a member gets 403, a signed-out caller 401', async () => {
    const owner = await registerOwner(h);
    const member = await addMember(h, owner);
    const asMember = await h.app.inject({
      method: 'GET',
      url: '/api/organization/activity',
      headers: member.auth,
    });
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json().message).toBe('Only the organization owner can do this');
    const exportAsMember = await h.app.inject({
      method: 'GET',
      url: '/api/organization/activity/export',
      headers: member.auth,
    });
    expect(exportAsMember.statusCode).toBe(403);
    const anonymous = await h.app.inject({ method: 'GET', url: '/api/organization/activity' });
    expect(anonymous.statusCode).toBe(401);
  });

  it("shows only the owner's organization (tenant isolation), filters and cursors stay inside it", async () => {
    const owner = await registerOwner(h);
    const other = await registerOwner(h, { name: 'Other Owner' });
    const otherMember = await addMember(h, other);
    await login(h, other.user.email, other.password);

    const mine = await allEntries(owner.auth);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((e) => e.actor.userId === owner.user.id)).toBe(true);
    // Filtering by another organization's member finds nothing rather than their entries.
    expect(await allEntries(owner.auth, `?userId=${otherMember.user.id}`)).toEqual([]);
    // A cursor made from another organization's entry only moves through the caller's own entries.
    const theirs = await page(other.auth, '?limit=1');
    expect(theirs.nextCursor).not.toBeNull();
    const withTheirCursor = await page(owner.auth, `?cursor=${theirs.nextCursor}`);
    expect(withTheirCursor.entries.every((e) => e.actor.userId === owner.user.id)).toBe(true);
    const csv = await h.app.inject({
      method: 'GET',
      url: '/api/organization/activity/export',
      headers: owner.auth,
    });
    expect(csv.body).not.toContain(other.user.email);
    expect(csv.body).not.toContain(otherMember.user.email);
  });

  it('records sign-in with IP and user agent, and failed sign-ins to the account without the password', async () => {
    const owner = await registerOwner(h);
    const headers = { 'user-agent': 'ActivityTest/1.0', 'x-forwarded-for': '203.0.113.7' };
    await login(h, owner.user.email, owner.password, headers);
    const wrong = 'not-the-password-xyz';
    const failed = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: owner.user.email, password: wrong },
      headers,
    });
    expect(failed.statusCode).toBe(401);
    // An unknown address belongs to nobody: nothing is recorded anywhere for it.
    await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: uniqueEmail('nobody'), password: wrong },
    });

    const entries = await allEntries(owner.auth);
    const signIn = entries.find((e) => e.action === 'sign_in' && e.userAgent === 'ActivityTest/1.0');
    expect(signIn).toMatchObject({
      category: 'security',
      ip: '203.0.113.7',
      actor: { userId: owner.user.id, name: owner.user.name, email: owner.user.email },
    });
    const failure = entries.find((e) => e.action === 'sign_in_failed');
    expect(failure).toMatchObject({
      ip: '203.0.113.7',
      userAgent: 'ActivityTest/1.0',
      actor: { userId: owner.user.id, email: owner.user.email },
      target: { type: 'user', label: owner.user.email },
    });
    const rows = await listActivity(h.svc.ctx.orm.em.fork(), owner.organization!.id);
    expect(JSON.stringify(rows)).not.toContain(wrong);
  });

  it('filters by member, category and date range, and pages with a cursor without repeats', async () => {
    const owner = await registerOwner(h);
    const member = await addMember(h, owner);
    await h.app.inject({
      method: 'PATCH',
      url: `/api/organization/members/${member.user.id}/role`,
      headers: owner.auth,
      payload: { role: 'owner' },
    });
    await login(h, member.user.email, member.password);
    await h.app.inject({
      method: 'PATCH',
      url: '/api/organization',
      headers: owner.auth,
      payload: { name: 'Renamed Ventures' },
    });

    const all = await allEntries(owner.auth);
    const actions = all.map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'organization_created',
        'invitation_sent',
        'invitation_accepted',
        'member_role_changed',
        'organization_updated',
      ]),
    );
    // newest first
    const times = all.map((e) => e.occurredAt);
    expect([...times].sort().reverse()).toEqual(times);

    const byMember = await allEntries(owner.auth, `?userId=${member.user.id}`);
    expect(byMember.length).toBeGreaterThan(0);
    expect(byMember.every((e) => e.actor.userId === member.user.id)).toBe(true);

    const team = await allEntries(owner.auth, '?category=team');
    expect(team.length).toBeGreaterThan(0);
    expect(team.every((e) => e.category === 'team')).toBe(true);
    const roleChange = team.find((e) => e.action === 'member_role_changed');
    expect(roleChange?.target).toMatchObject({ type: 'user', id: String(member.user.id) });
    expect(roleChange?.details).toMatchObject({ from: 'member', to: 'owner' });

    const paged: TActivityEntry[] = [];
    let cursor: string | null = null;
    do {
      const res: TActivityPage = await page(
        owner.auth,
        `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(res.entries.length).toBeLessThanOrEqual(2);
      paged.push(...res.entries);
      cursor = res.nextCursor;
    } while (cursor);
    expect(paged.map((e) => e.id)).toEqual(all.map((e) => e.id));

    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((await page(owner.auth, `?from=${encodeURIComponent(future)}`)).entries).toEqual([]);
    const past = new Date(Date.now() - 86_400_000).toISOString();
    expect((await page(owner.auth, `?to=${encodeURIComponent(past)}`)).entries).toEqual([]);
    const range = await allEntries(
      owner.auth,
      `?from=${encodeURIComponent(past)}&to=${encodeURIComponent(future)}`,
    );
    expect(range.length).toBe(all.length);

    const inverted = await h.app.inject({
      method: 'GET',
      url: `/api/organization/activity?from=${encodeURIComponent(future)}&to=${encodeURIComponent(past)}`,
      headers: owner.auth,
    });
    expect(inverted.statusCode).toBe(400);
    const badCursor = await h.app.inject({
      method: 'GET',
      url: '/api/organization/activity?cursor=bm90LWEtY3Vyc29y',
      headers: owner.auth,
    });
    expect(badCursor.statusCode).toBe(400);
    const badCategory = await h.app.inject({
      method: 'GET',
      url: '/api/organization/activity?category=everything',
      headers: owner.auth,
    });
    expect(badCategory.statusCode).toBe(400);
  });

  it('keeps the deletion of an organization and of an account, named after the account is gone', async () => {
    const owner = await registerOwner(h);
    const member = await addMember(h, owner);
    const orgId = owner.organization!.id;
    const leave = await h.app.inject({
      method: 'DELETE',
      url: '/api/user',
      headers: member.auth,
      payload: { password: member.password },
    });
    expect(leave.statusCode, leave.body).toBe(200);
    const entries = await allEntries(owner.auth);
    expect(entries.find((e) => e.action === 'account_deleted')).toMatchObject({
      actor: { userId: null, email: member.user.email, name: member.user.name },
      target: { type: 'user', id: String(member.user.id) },
    });
    // The member's earlier entries stay, their account id cleared, their name kept.
    expect(entries.find((e) => e.action === 'invitation_accepted')?.actor).toMatchObject({
      userId: null,
      email: member.user.email,
    });

    const deleted = await h.app.inject({
      method: 'DELETE',
      url: '/api/organization',
      headers: owner.auth,
      payload: { password: owner.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const rows = await listActivity(h.svc.ctx.orm.em.fork(), orgId);
    expect(rows.at(-1)).toMatchObject({
      activityType: 'organization_deleted',
      userId: owner.user.id,
      actorEmail: owner.user.email,
    });
  });
});

describe('GET /api/organization/activity/export', () => {
  it('streams CSV for the filters with spreadsheet formulas neutralised', async () => {
    const owner = await registerOwner(h);
    const em = h.svc.ctx.orm.em.fork();
    logActivity(em, {
      organizationId: owner.organization!.id,
      userId: owner.user.id,
      actor: { name: '=HYPERLINK("http://evil.test","x")', email: owner.user.email },
      activityType: 'organization_updated',
      description: '+1, "quoted"\nsecond line',
      target: { type: 'organization', id: owner.organization!.id, label: '@SUM(A1)' },
      meta: { ip: '-2+3', userAgent: null },
    });
    await em.flush();

    const res = await h.app.inject({
      method: 'GET',
      url: '/api/organization/activity/export?category=team',
      headers: owner.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      '"Time (UTC)","Actor name","Actor email","Action","Category","Target","Description","IP address","User agent","Details"',
    );
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
    expect(res.body).toContain(`"'+1, ""quoted""\nsecond line"`);
    expect(res.body).toContain(`"organization: @SUM(A1)"`);
    expect(res.body).toContain(`,"'-2+3",`);
    // category=team: no sign-in rows
    expect(res.body).not.toContain('Signed in');
    expect(res.body).toContain('Organization created');

    const inverted = await h.app.inject({
      method: 'GET',
      url: '/api/organization/activity/export?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z',
      headers: owner.auth,
    });
    expect(inverted.statusCode).toBe(400);
    expect(inverted.headers['content-type']).toContain('application/json');
  });

  it("keeps a failed sign-in's user agent one inert cell for ',' and ';' spreadsheets (issue 20)", async () => {
    const owner = await registerOwner(h);
    const failed = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: owner.user.email, password: 'not the password' },
      headers: { 'user-agent': 'Mozilla/5.0;=1+1;@SUM(2+2)' },
      remoteAddress: '10.77.0.1',
    });
    expect(failed.statusCode).toBe(401);
    const res = await h.app.inject({
      method: 'GET',
      url: '/api/organization/activity/export?category=security',
      headers: owner.auth,
    });
    expect(res.statusCode).toBe(200);
    const row = res.body.split('\r\n').find((line) => line.includes('Failed sign-in'));
    expect(row).toContain(',"Mozilla/5.0;=1+1;@SUM(2+2)",');
    // Every cell is quoted: no `;` outside quotes, so a `;` spreadsheet cannot split a value into a formula.
    expect(row!.replace(/"(?:[^"]|"")*"/g, '')).toMatch(/^,+$/);
  });

  it('pages through more rows than one read batch', async () => {
    const owner = await registerOwner(h);
    const em = h.svc.ctx.orm.em.fork();
    const base = Date.now() - 60_000;
    for (let i = 0; i < 1_203; i++)
      logActivity(em, {
        organizationId: owner.organization!.id,
        userId: owner.user.id,
        actor: owner.user,
        activityType: 'sign_in',
        description: `bulk ${i}`,
        meta: null,
        // 3 rows share each millisecond: the (created_at, id) keyset must not skip or repeat them
        occurredAt: new Date(base + Math.floor(i / 3)),
      });
    await em.flush();
    const res = await h.app.inject({
      method: 'GET',
      url: '/api/organization/activity/export?category=security',
      headers: owner.auth,
    });
    const bulk = res.body.split('\r\n').filter((l) => l.includes(',"bulk '));
    expect(bulk).toHaveLength(1_203);
    expect(new Set(bulk).size).toBe(1_203);
  });
});
