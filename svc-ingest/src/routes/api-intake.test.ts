import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMail } from '../test/factories/mail.factory.js';
import { startIngest, type TIngestTest } from '../test/ingest-service.js';

// Records and mail intake as an organization API key calls them (the gateway's x-identity-token with kind
// api_key): scope, tenant isolation, and the routes a key never reaches.
// The first message parsed starts the mail worker pool: seconds on a busy machine.
const SLOW = 30_000;
let h: TIngestTest;
const ORG_A = 41;
const ORG_B = 42;

beforeAll(async () => {
  h = await startIngest();
  await h.createOrganization(ORG_A, { plan: 'pro' });
  await h.createOrganization(ORG_B, { plan: 'pro' });
});
afterAll(async () => h?.stop());

const key = (orgId: number, scope: 'read' | 'write') =>
  h.headers({
    userId: orgId * 100,
    orgId,
    role: 'member',
    apiKey: { id: `key${orgId}${scope}`.padEnd(12, '0'), scope },
  });

const submit = async (headers: Record<string, string>, subject: string) =>
  h.app.inject({
    method: 'POST',
    url: '/api/emails',
    headers: { ...headers, 'content-type': 'message/rfc822' },
    payload: await buildMail({ to: 'deals@fund.test', subject }),
  });

describe('POST /api/emails (mail intake through the API)', () => {
  it(
    "a write key submits a raw message to its own organization's intake",
    async () => {
      const res = await submit(key(ORG_A, 'write'), 'Acme seed round (via API)');
      expect(res.statusCode).toBe(202);
      const { emailId, accepted, duplicate } = res.json();
      expect({ accepted, duplicate }).toEqual({ accepted: true, duplicate: false });
      const [row] = await h.query<{ org_id: number; source: string; subject: string }>(
        'select org_id, source, subject from emails where id = ?',
        [emailId],
      );
      expect(row).toMatchObject({
        org_id: ORG_A,
        source: 'api',
        subject: 'Acme seed round (via API)',
      });
    },
    SLOW,
  );

  it(
    'a read key cannot submit (403, nothing stored)',
    async () => {
      const before = await h.query<{ n: string }>('select count(*) as n from emails');
      const res = await submit(key(ORG_A, 'read'), 'Should not land');
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/read-only/);
      expect(await h.query<{ n: string }>('select count(*) as n from emails')).toEqual(before);
    },
    SLOW,
  );

  it(
    'refuses a body that is not a raw message with a clear 400',
    async () => {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/emails',
        headers: { ...key(ORG_A, 'write'), 'content-type': 'application/json' },
        payload: { subject: 'not a message' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/message\/rfc822/);
    },
    SLOW,
  );
});

describe('records through an API key: tenant isolation and allowed routes', () => {
  it(
    "a key of organization A lists and reads A's records only, never B's",
    async () => {
      const a = (await submit(key(ORG_A, 'write'), 'Only for A')).json().emailId as number;
      const b = (await submit(key(ORG_B, 'write'), 'Only for B')).json().emailId as number;

      const list = await h.app.inject({
        method: 'GET',
        url: '/api/emails?limit=100',
        headers: key(ORG_A, 'read'),
      });
      expect(list.statusCode).toBe(200);
      const ids = JSON.stringify(list.json());
      expect(ids).toContain('Only for A');
      expect(ids).not.toContain('Only for B');

      const own = await h.app.inject({ method: 'GET', url: `/api/emails/${a}`, headers: key(ORG_A, 'read') });
      expect(own.statusCode).toBe(200);
      const foreign = await h.app.inject({
        method: 'GET',
        url: `/api/emails/${b}`,
        headers: key(ORG_A, 'read'),
      });
      expect(foreign.statusCode).toBe(404);
    },
    SLOW,
  );

  it(
    'refuses a key on the routes the contracts do not open to keys (settings, corrections, retries)',
    async () => {
      const id = (await submit(key(ORG_A, 'write'), 'Not correctable by key')).json().emailId as number;
      const calls = [
        { method: 'GET' as const, url: '/api/integrations/mailbox' },
        { method: 'GET' as const, url: '/api/emails/pipeline' },
        { method: 'POST' as const, url: `/api/emails/${id}/retry` },
        {
          method: 'PATCH' as const,
          url: `/api/emails/${id}/extracted-data`,
          payload: { field: 'companyName', value: 'X' },
        },
      ];
      for (const call of calls) {
        const res = await h.app.inject({ ...call, headers: key(ORG_A, 'write') });
        expect(res.statusCode, call.url).toBe(403);
        expect(res.json()).toEqual({ message: 'API keys cannot be used for this endpoint' });
      }
    },
    SLOW,
  );
});
