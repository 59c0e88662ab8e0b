import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Topics } from '@dealflow/contracts';
import { signBody } from '../domain/mail/webhook-auth.js';
import { buildMail } from '../test/factories/mail.factory.js';
import { startIngest, type TIngestTest } from '../test/ingest-service.js';

/**
 * Issue 20 finding 7: the organization's webhook secret is stored as a hash (for the lookup before the body is
 * read) and sealed (for the HMAC check and the reveal), masked on every read, and revealed only to an owner who
 * proved the password recently, in the activity log.
 */
const ORG = 71;
const OWNER = ORG * 100;
let h: TIngestTest;
let inbox: { address: string; secret: string };

beforeAll(async () => {
  h = await startIngest({ collect: [Topics.integrationChanged] });
  inbox = await h.createOrganization(ORG);
}, 90_000);
afterAll(async () => h?.stop());

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const asOwner = (authenticatedAt?: Date) =>
  h.headers({ userId: OWNER, orgId: ORG, role: 'owner', ...(authenticatedAt ? { authenticatedAt } : {}) });
const reveal = (headers: Record<string, string>) =>
  h.app.inject({ method: 'POST', url: '/api/integrations/mailbox/webhook-secret/reveal', headers });

describe('the webhook secret at rest', () => {
  it('is stored as its sha256 and sealed, never in plaintext', async () => {
    const [row] = await h.query<Record<string, string | null>>(
      'SELECT webhook_secret, webhook_secret_hash, webhook_secret_enc FROM organizations WHERE id = ?',
      [ORG],
    );
    expect(row!.webhook_secret).toBeNull();
    expect(row!.webhook_secret_hash).toBe(sha256(inbox.secret));
    expect(row!.webhook_secret_enc).toEqual(expect.any(String));
    expect(row!.webhook_secret_enc).not.toContain(inbox.secret);
  });

  it('still authenticates Bearer and the HMAC signature with it', async () => {
    const raw = await buildMail({ to: inbox.address, subject: 'Sealed secret works' });
    expect((await h.postMail(inbox, raw)).statusCode).toBe(202);
    expect((await h.postMail({ secret: `${inbox.secret}x` }, raw)).statusCode).toBe(401);
    const signed = await h.app.inject({
      method: 'POST',
      url: '/webhooks/mail',
      payload: raw,
      headers: { 'content-type': 'message/rfc822', 'x-dealflow-signature': signBody(inbox.secret, raw) },
    });
    expect(signed.statusCode).toBe(202);
  });

  it('seals a secret stored in plaintext before this change, at boot (the migration has no key)', async () => {
    const legacy = 'legacy-plaintext-secret-0123456789abcdef';
    // A row as the migration leaves one written before: the plaintext, and the hash computed in SQL.
    await h.query(
      `INSERT INTO organizations (id, name, slug, inbound_token, webhook_secret, webhook_secret_hash, plan, created_at)
       VALUES (?, 'Legacy', 'legacy', 'abcdefabcdef', ?, encode(sha256(convert_to(?, 'UTF8')), 'hex'), 'free', now())`,
      [ORG + 1, legacy, legacy],
    );
    const { sealPlaintextWebhookSecrets } = await import('../use-cases/seal-webhook-secrets.js');
    expect(await sealPlaintextWebhookSecrets(h.svc.ctx.orm.em.fork(), h.svc.deps)).toBe(1);
    const [row] = await h.query<Record<string, string | null>>(
      'SELECT webhook_secret, webhook_secret_hash, webhook_secret_enc FROM organizations WHERE id = ?',
      [ORG + 1],
    );
    expect(row).toMatchObject({ webhook_secret: null, webhook_secret_hash: sha256(legacy) });
    const raw = await buildMail({ to: 'legacy-abcdefabcdef@in.test', subject: 'Legacy secret works' });
    expect((await h.postMail({ secret: legacy }, raw)).statusCode).toBe(202);
  });
});

describe('reading and revealing the webhook secret', () => {
  it('shows it masked to the owner and not at all to a member', async () => {
    const owner = await h.app.inject({ method: 'GET', url: '/api/integrations/mailbox', headers: asOwner() });
    expect(owner.statusCode).toBe(200);
    expect(owner.json().webhookSecretMasked).toBe(`••••${inbox.secret.slice(-4)}`);
    expect(owner.body).not.toContain(inbox.secret);
    const member = await h.app.inject({
      method: 'GET',
      url: '/api/integrations/mailbox',
      headers: h.headersFor(ORG, 'member', OWNER + 1),
    });
    expect(member.json().webhookSecretMasked).toBeNull();
    expect(member.body).not.toContain(inbox.secret);
  });

  it('rotation answers the masked status too: the new secret only through the reveal', async () => {
    const rotated = await h.app.inject({
      method: 'POST',
      url: '/api/integrations/mailbox/webhook-secret',
      headers: asOwner(),
    });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().webhookSecretMasked).toMatch(/^••••.{4}$/);
    const revealed = await reveal(asOwner(new Date()));
    expect(revealed.statusCode).toBe(200);
    const fresh = revealed.json().webhookSecret as string;
    expect(fresh).not.toBe(inbox.secret);
    expect(rotated.body).not.toContain(fresh);
    expect(rotated.json().webhookSecretMasked).toBe(`••••${fresh.slice(-4)}`);
    inbox.secret = fresh;
  });

  it('reveals it to an owner who signed in or entered the password in the last 10 minutes, logged', async () => {
    const res = await reveal(asOwner(new Date(Date.now() - 60_000)));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ webhookSecret: inbox.secret });
    const events = await h.bus!.waitForEvents(Topics.integrationChanged, ORG, 2, 30_000);
    expect(
      events.every(
        (e) => e.data.change === 'webhook_secret_revealed' || e.data.change === 'webhook_secret_rotated',
      ),
    ).toBe(true);
    const revealedEvents = events.filter((e) => e.data.change === 'webhook_secret_revealed');
    expect(revealedEvents.at(-1)!.data).toMatchObject({ orgId: ORG, userId: OWNER });
    expect(JSON.stringify(events)).not.toContain(inbox.secret);
  });

  it('asks for the password again without a recent one (403 REAUTH_REQUIRED), and refuses members', async () => {
    for (const headers of [asOwner(), asOwner(new Date(Date.now() - 11 * 60_000))]) {
      const res = await reveal(headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Enter your password again to continue' });
    }
    const member = await reveal(
      h.headers({ userId: OWNER + 1, orgId: ORG, role: 'member', authenticatedAt: new Date() }),
    );
    expect(member.statusCode).toBe(403);
  });
});
