import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdentity, type TIdentityTest } from '../test/identity.js';
import { inviteAndReadToken, registerOwner, uniqueEmail } from '../test/factories/user.factory.js';

/**
 * A failure in the middle of a write leaves nothing half-written: PostgreSQL refuses the session row
 * (the last row register and complete-profile write, after the user, the organization, the membership
 * and the outbox events) through a trigger armed by the request's User-Agent, and every earlier row of
 * the same request must be gone with it.
 */
let h: TIdentityTest;
const FAILING_AGENT = 'rollback-test/fail-at-session-insert';

const sql = <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  h.svc.ctx.orm.em.getConnection().execute<T[]>(text, values);

beforeAll(async () => {
  h = await startIdentity();
  await sql(`create function refuse_marked_session() returns trigger language plpgsql as $$
    begin
      if new.user_agent = '${FAILING_AGENT}' then raise exception 'injected failure at the session insert'; end if;
      return new;
    end $$`);
  await sql(
    'create trigger refuse_marked_session before insert on sessions for each row execute function refuse_marked_session()',
  );
});
afterAll(async () => {
  await h?.stop();
});

const count = async (text: string, values: unknown[]) =>
  Number((await sql<{ n: string }>(text, values))[0]?.n ?? -1);

describe('a failure in the middle of a transaction', () => {
  it('register: no user, organization, outbox event or welcome email remains, and the email stays free', async () => {
    const email = uniqueEmail('rollback');
    const payload = {
      email,
      password: 'correct horse battery',
      name: 'Half Written',
      organizationName: 'Rolled Back Capital',
    };
    const failed = await h.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload,
      headers: { 'user-agent': FAILING_AGENT },
    });
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({ message: 'Internal server error' });
    expect(failed.headers['set-cookie']).toBeUndefined();

    expect(await count('select count(*) as n from users where email = ?', [email])).toBe(0);
    expect(
      await count('select count(*) as n from organizations where name = ?', ['Rolled Back Capital']),
    ).toBe(0);
    expect(
      await count(`select count(*) as n from kit_outbox where payload::text like ?`, [`%${email}%`]),
    ).toBe(0);
    expect((await h.readOutbox()).filter((mail) => mail.to === email)).toEqual([]);

    const retried = await h.app.inject({ method: 'POST', url: '/api/auth/register', payload });
    expect(retried.statusCode).toBe(201);
    expect(await count('select count(*) as n from users where email = ?', [email])).toBe(1);
  });

  it('complete-profile: the invitation stays pending, the member count and the outbox are unchanged', async () => {
    const owner = await registerOwner(h);
    const email = uniqueEmail('invitee');
    const { token } = await inviteAndReadToken(h, owner, email);
    const orgId = owner.organization?.id ?? 0;
    const members = () => count('select count(*) as n from users where organization_id = ?', [orgId]);
    const events = () => count('select count(*) as n from kit_outbox where key = ?', [String(orgId)]);
    const [membersBefore, eventsBefore] = [await members(), await events()];

    const payload = { token, name: 'Grace Rollback', password: 'member password 1' };
    const failed = await h.app.inject({
      method: 'POST',
      url: '/api/auth/complete-profile',
      payload,
      headers: { 'user-agent': FAILING_AGENT },
    });
    expect(failed.statusCode).toBe(500);
    expect(await count('select count(*) as n from users where email = ?', [email])).toBe(0);
    expect(await members()).toBe(membersBefore);
    expect(await events()).toBe(eventsBefore);
    expect(
      (await h.app.inject({ method: 'GET', url: `/api/invitations/validate?token=${token}` })).statusCode,
    ).toBe(200);

    const retried = await h.app.inject({ method: 'POST', url: '/api/auth/complete-profile', payload });
    expect(retried.statusCode).toBe(201);
    expect(await members()).toBe(membersBefore + 1);
    expect(await events()).toBeGreaterThan(eventsBefore);
  });
});
