import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { claimDueMailboxes } from '../repositories/intake.queries.js';
import { startIngest, type TIngestTest } from '../test/ingest-service.js';

// The auto-scan lease: claiming a mailbox stamps last_scan_at, so it is not due again until its interval
// has passed, whichever replica asks. Two service instances (each its own connection pool on the same
// database) claim at the same instants, many times over; each mailbox must be claimed exactly once per
// interval.
const MAILBOXES = 30;
const FIRST_ORG = 5000;
const ROUND_MS = 20_000;
const ROUNDS = 16; // 0 s .. 300 s: the 1-minute mailboxes are due at 0, 60, 120, 180, 240 and 300 s.
const CALLS_PER_REPLICA = 4;

describe('auto-scan lease across replicas', () => {
  let h: TIngestTest;
  let replica: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    // The schedulers' own ticks stay out of the way: this test drives the claims itself.
    h = await startIngest({ env: { MAILBOX_SCAN_TICK_MS: '3600000' } });
    replica = await buildApp(h.config);
    await h.query(
      `INSERT INTO organizations (id, name, slug, inbound_token, webhook_secret_hash)
       SELECT g, 'Fund ' || g, 'fund-' || g, 'token-' || g, encode(sha256(('secret-' || g)::bytea), 'hex')
       FROM generate_series(?::int, ?::int) g`,
      [FIRST_ORG - 2, FIRST_ORG + MAILBOXES - 1],
    );
    await h.query(
      `INSERT INTO mailboxes (org_id, host, port, username, password_enc, auto_scan_minutes)
       SELECT g, 'imap.test', 143, 'deals', 'sealed', 1 FROM generate_series(?::int, ?::int) g`,
      [FIRST_ORG, FIRST_ORG + MAILBOXES - 1],
    );
    // Never due: auto-scan off, and a mailbox without a password.
    await h.query(
      `INSERT INTO mailboxes (org_id, host, port, username, password_enc, auto_scan_minutes)
       VALUES (?, 'imap.test', 143, 'deals', 'sealed', 0), (?, 'imap.test', 143, 'deals', NULL, 1)`,
      [FIRST_ORG - 1, FIRST_ORG - 2],
    );
  }, 120_000);
  afterAll(async () => {
    await replica?.stop();
    await h?.stop();
  });

  it('gives each mailbox to one replica once per interval, however many ask at once', async () => {
    const ormOf = [h.svc.ctx.orm, replica.ctx.orm];
    const start = Date.parse('2030-01-01T00:00:00Z');
    const claims = new Map<number, number[]>();
    const byReplica = [0, 0];
    for (let round = 0; round < ROUNDS; round += 1) {
      const now = new Date(start + round * ROUND_MS);
      const answers = await Promise.all(
        ormOf.flatMap((orm, replicaIndex) =>
          Array.from({ length: CALLS_PER_REPLICA }, async () => ({
            replicaIndex,
            orgIds: await claimDueMailboxes(orm.em.fork(), now),
          })),
        ),
      );
      for (const { replicaIndex, orgIds } of answers) {
        byReplica[replicaIndex] = (byReplica[replicaIndex] ?? 0) + orgIds.length;
        for (const orgId of orgIds) claims.set(orgId, [...(claims.get(orgId) ?? []), round]);
      }
    }
    const expectedRounds = [0, 3, 6, 9, 12, 15];
    for (let orgId = FIRST_ORG; orgId < FIRST_ORG + MAILBOXES; orgId += 1)
      expect({ orgId, rounds: claims.get(orgId) }).toEqual({ orgId, rounds: expectedRounds });
    expect(claims.has(FIRST_ORG - 1)).toBe(false);
    expect(claims.has(FIRST_ORG - 2)).toBe(false);
    expect((byReplica[0] ?? 0) + (byReplica[1] ?? 0)).toBe(MAILBOXES * expectedRounds.length);
    console.log(
      `[auto-scan lease] ${MAILBOXES} mailboxes, ${ROUNDS} rounds of ${CALLS_PER_REPLICA * 2} concurrent claims: ` +
        `replica 1 took ${byReplica[0]}, replica 2 took ${byReplica[1]}, 0 doubled`,
    );
  }, 120_000);
});
