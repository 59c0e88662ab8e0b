import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * svc-identity's internal endpoints as billing sees them: POST /internal/sessions {userId, unverified}, and
 * POST /internal/buyers (a guest's account: new addresses get an account, those in `accounts` already have
 * one and get the claim link instead; the same checkout answers the same again), and
 * POST /internal/buyers/organization (the organization a buyer owns; 409 for a member of another one), and
 * GET /internal/organizations/memberships (the counts and versions in `memberships`, paged by id as identity does).
 */
export async function startIdentityStandIn(internalToken: string) {
  const calls: { userId: number; token: string | undefined; unverified: boolean }[] = [];
  const accounts = new Map<string, number>();
  const createdBy = new Map<string, number>();
  const buyerCalls: {
    email: string;
    checkoutSessionId: string;
    claimUrl: string;
    purchase?: string;
    created: boolean;
  }[] = [];
  let nextUserId = 5000;
  /** POST /internal/buyers/organization: each buyer owns one organization; `members` own none (409). */
  const ownedOrganizations = new Map<number, number>();
  const members = new Set<number>();
  const organizationCalls: { userId: number; plan: string; billingCycle: string }[] = [];
  let nextOrgId = 9000;
  const memberships = new Map<number, { memberCount: number; membershipVersion: number }>();
  let draining = false;
  const server = createServer((req, res) => {
    // Readiness as service-kit answers it: 503 while draining before a shutdown.
    if (req.method === 'GET' && req.url === '/readyz') {
      res.writeHead(draining ? 503 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: draining ? 'draining' : 'ok' }));
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const token = req.headers['x-internal-token'] as string | undefined;
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const url = new URL(req.url ?? '/', 'http://identity');
      if (req.method === 'GET' && url.pathname === '/internal/organizations/memberships') {
        if (token !== internalToken) return reply(401, { message: 'Internal API token missing or wrong' });
        const afterId = Number(url.searchParams.get('afterId') ?? 0);
        const limit = Number(url.searchParams.get('limit') ?? 500);
        const page = [...memberships]
          .filter(([orgId]) => orgId > afterId)
          .sort(([a], [b]) => a - b)
          .slice(0, limit)
          .map(([orgId, m]) => ({ orgId, ...m }));
        return reply(200, {
          organizations: page,
          nextAfterId: page.length === limit ? page[page.length - 1]!.orgId : null,
        });
      }
      const known = ['/internal/sessions', '/internal/buyers', '/internal/buyers/organization'];
      if (req.method !== 'POST' || !known.includes(req.url ?? ''))
        return reply(404, { message: 'Not found' });
      if (token !== internalToken) return reply(401, { message: 'Internal API token missing or wrong' });
      if (req.url === '/internal/buyers/organization') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
          userId: number;
          plan: string;
          billingCycle: string;
        };
        organizationCalls.push(body);
        if (members.has(body.userId))
          return reply(409, { message: 'This account belongs to another organization' });
        const existing = ownedOrganizations.get(body.userId);
        const orgId = existing ?? nextOrgId++;
        ownedOrganizations.set(body.userId, orgId);
        return reply(200, { orgId, name: `Buyer ${body.userId}'s organization`, created: !existing });
      }
      if (req.url === '/internal/buyers') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
          email: string;
          checkoutSessionId: string;
          claimUrl: string;
          purchase?: string;
        };
        const email = body.email.toLowerCase();
        const mine = createdBy.get(body.checkoutSessionId);
        const existing = accounts.get(email);
        const created = mine !== undefined || existing === undefined;
        const userId = mine ?? existing ?? nextUserId++;
        if (existing === undefined) {
          accounts.set(email, userId);
          createdBy.set(body.checkoutSessionId, userId);
        }
        buyerCalls.push({ ...body, created });
        return reply(200, { userId, created });
      }
      const { userId, unverified } = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
        userId: number;
        unverified?: boolean;
      };
      // `unverified`: a guest checkout's auto-login; identity signs claim `uv` into that session (issue 20).
      calls.push({ userId, token, unverified: unverified === true });
      reply(200, {
        user: {
          id: userId,
          name: `User ${userId}`,
          email: `user${userId}@fund.example`,
          role: 'owner',
          profilePicture: null,
          organizationId: 7,
          digitalProductAccess: false,
          emailVerified: true,
          createdAt: new Date().toISOString(),
        },
        organization: null,
        sessionId: randomBytes(24).toString('base64url'),
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    buyerCalls,
    organizationCalls,
    ownedOrganizations,
    /** What GET /internal/organizations/memberships answers: orgId -> member count and membership version. */
    memberships,
    /** Gives `email` an account before any checkout (`member`: a member of someone else's organization). */
    addAccount: (email: string, userId: number, options: { member?: boolean } = {}) => {
      accounts.set(email, userId);
      if (options.member) members.add(userId);
    },
    /** /readyz answers 503 from now on (SIGTERM's first step). */
    drain: () => {
      draining = true;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
