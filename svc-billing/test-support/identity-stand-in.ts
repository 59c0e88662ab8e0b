import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** svc-identity's internal session endpoint as billing sees it: POST /internal/sessions {userId}. */
export async function startIdentityStandIn(internalToken: string) {
  const calls: { userId: number; token: string | undefined }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const token = req.headers['x-internal-token'] as string | undefined;
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || req.url !== '/internal/sessions')
        return reply(404, { message: 'Not found' });
      if (token !== internalToken) return reply(401, { message: 'Internal API token missing or wrong' });
      const { userId } = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { userId: number };
      calls.push({ userId, token });
      reply(200, {
        user: {
          id: userId,
          name: `User ${userId}`,
          email: `user${userId}@fund.example`,
          role: 'owner',
          profilePicture: null,
          organizationId: 7,
          digitalProductAccess: false,
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
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
