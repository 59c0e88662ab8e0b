import type { PreparedStatement, SqlReader } from '@dealflow/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdentity, type TIdentityTest } from '../test/identity.js';
import { registerOwner, registerUser, type TSignedIn } from '../test/factories/user.factory.js';
import { hashToken } from '../security/tokens.js';
import pg from 'pg';
import { createSessionReader, LIVE_SESSIONS, toSessionView, type TSessionReader } from './session.queries.js';

const viewOf = async (sessions: TSessionReader, tokenHash: string) => {
  const live = await sessions.live(tokenHash);
  return live ? toSessionView(live) : null;
};

let h: TIdentityTest;
let owner: TSignedIn;
let loner: TSignedIn;
beforeAll(async () => {
  h = await startIdentity();
  owner = await registerOwner(h);
  loner = await registerUser(h);
});
afterAll(async () => {
  await h?.stop();
});

/** The service's real prepared-statement reader, counting the queries it sends. */
function countingReader() {
  const queries: number[] = [];
  const reader: SqlReader = {
    rows: <T>(statement: PreparedStatement, values: readonly unknown[]) => {
      queries.push((values[0] as string[]).length);
      return h.svc.ctx.sql.rows<T>(statement, values);
    },
    end: async () => undefined,
  };
  return { reader, queries };
}

describe('session reader', () => {
  it('answers the lookups of one event-loop turn with one query, each with its own session', async () => {
    const { reader, queries } = countingReader();
    const sessions = createSessionReader(reader, h.config.session);
    const [ownerView, lonerView, unknown, ownerSession] = await Promise.all([
      viewOf(sessions, hashToken(owner.token)),
      viewOf(sessions, hashToken(loner.token)),
      viewOf(sessions, hashToken('no-such-session-token-0000000000')),
      sessions.live(hashToken(owner.token)),
    ]);
    expect(queries).toEqual([4]);
    expect(ownerView).toMatchObject({
      user: { id: owner.user.id, role: 'owner' },
      organization: { id: owner.organization?.id },
    });
    expect(lonerView).toMatchObject({ user: { id: loner.user.id }, organization: null });
    expect(unknown).toBeNull();
    expect(ownerSession).toMatchObject({
      id: owner.user.id,
      organization_id: owner.organization?.id,
      role: 'owner',
      token_hash: hashToken(owner.token),
    });
  });

  it('keeps nothing between turns: a session ended meanwhile is gone on the next read', async () => {
    const { reader, queries } = countingReader();
    const sessions = createSessionReader(reader, h.config.session);
    const user = await registerUser(h);
    expect(await viewOf(sessions, hashToken(user.token))).not.toBeNull();
    await h.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.auth, payload: {} });
    expect(await viewOf(sessions, hashToken(user.token))).toBeNull();
    expect(queries).toEqual([1, 1]);
  });

  it('finds sessions through the unique token_hash index, not a scan of every session', async () => {
    const client = new pg.Client({ connectionString: h.db.url });
    await client.connect();
    try {
      await client.query('set enable_seqscan = off'); // the table is tiny here: make any usable index win
      await client.query(`prepare live_sessions(text[], int) as ${LIVE_SESSIONS.text}`);
      const plan = await client.query<{ 'QUERY PLAN': string }>(
        `explain execute live_sessions('{${hashToken(owner.token)}}', 604800)`,
      );
      const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(text).toContain('sessions_token_hash_unique');
      expect(text).not.toMatch(/Seq Scan on sessions/);
    } finally {
      await client.end();
    }
  });

  it('ends a session idle past the idle timeout or past its absolute lifetime, and notes activity at most once a minute', async () => {
    const sessions = createSessionReader(h.svc.ctx.sql, h.config.session);
    const sql = (text: string, values: unknown[]) => h.svc.ctx.orm.em.getConnection().execute(text, values);
    const lastSeen = async (token: string) =>
      new Date(
        (
          (await sql('select last_seen_at from sessions where token_hash = ?', [hashToken(token)])) as Array<{
            last_seen_at: string;
          }>
        )[0]?.last_seen_at ?? 0,
      ).getTime();

    const idle = await registerUser(h);
    const idleSeconds = h.config.session.idleMinutes * 60;
    await sql(`update sessions set last_seen_at = now() - make_interval(secs => ?) where token_hash = ?`, [
      idleSeconds + 5,
      hashToken(idle.token),
    ]);
    expect(await sessions.live(hashToken(idle.token))).toBeNull();

    const old = await registerUser(h);
    await sql(`update sessions set expires_at = now() - interval '1 second' where token_hash = ?`, [
      hashToken(old.token),
    ]);
    expect(await sessions.live(hashToken(old.token))).toBeNull();

    // Active within the minute: the read writes nothing. Older: the read itself moves last_seen_at on.
    const active = await registerUser(h);
    await sql(`update sessions set last_seen_at = now() - interval '30 seconds' where token_hash = ?`, [
      hashToken(active.token),
    ]);
    const before = await lastSeen(active.token);
    expect(await sessions.live(hashToken(active.token))).not.toBeNull();
    expect(await lastSeen(active.token)).toBe(before);
    await sql(`update sessions set last_seen_at = now() - interval '2 hours' where token_hash = ?`, [
      hashToken(active.token),
    ]);
    expect(await sessions.live(hashToken(active.token))).not.toBeNull();
    expect(Date.now() - (await lastSeen(active.token))).toBeLessThan(60_000);
  });

  it('returns timestamps in ISO form whatever PostgreSQL sends', async () => {
    const sessions = createSessionReader(h.svc.ctx.sql, h.config.session);
    const view = await viewOf(sessions, hashToken(owner.token));
    expect(view?.user.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(view?.organization?.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('GET /api/auth/me is one prepared-statement read: the one that authenticated the request', async () => {
    const sql = h.svc.ctx.sql;
    const rows = sql.rows;
    let reads = 0;
    sql.rows = <T>(statement: PreparedStatement, values: readonly unknown[]) => {
      reads += 1;
      return rows.call(sql, statement, values) as Promise<T[]>;
    };
    try {
      const res = await h.app.inject({ method: 'GET', url: '/api/auth/me', headers: owner.auth });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ user: { id: owner.user.id } });
      expect(reads).toBe(1);
    } finally {
      sql.rows = rows;
    }
  });
});
