import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, waitFor } from '@dealflow/service-kit/testing';

/**
 * The real process (server.ts) at LOG_LEVEL=debug, so every request is logged: its output must hold no
 * password, session token, invitation token or cookie value.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let child: ChildProcess;
let output = '';
let baseUrl = '';
const outboxDir = mkdtempSync(path.join(tmpdir(), 'identity-logs-outbox-'));

beforeAll(async () => {
  db = await createTestDatabase('identity_logs');
  child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      PORT: '0',
      LOG_LEVEL: 'debug',
      KAFKA_BROKERS: '',
      REDIS_URL: '',
      MAIL_OUTBOX_DIR: outboxDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  baseUrl =
    (await waitFor(() => /"address":"(http:\/\/[^"]+)"/.exec(output)?.[1], { timeoutMs: 60_000 })) ?? '';
}, 90_000);

afterAll(async () => {
  child?.kill('SIGTERM');
  await new Promise((resolve) => child?.once('exit', resolve));
  await db?.drop();
  rmSync(outboxDir, { recursive: true, force: true });
});

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('logs', () => {
  it('never contain passwords, session tokens or invitation tokens', async () => {
    const password = 'Sup3r-Secret-Passw0rd';
    const email = `logs.${Date.now()}@example.test`;
    const registered = await post('/api/auth/register', {
      email,
      password,
      name: 'Log Owner',
      organizationName: 'Log Org',
    });
    expect(registered.status).toBe(201);
    const sessionId = /df_session=([^;]+)/.exec(registered.headers.get('set-cookie') ?? '')?.[1] ?? '';
    expect(sessionId).not.toBe('');
    const wrong = await post('/api/auth/login', { email, password: `${password}-wrong` });
    expect(wrong.status).toBe(401);
    const login = await post('/api/auth/login', { email, password });
    const token = /df_session=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1] ?? '';
    await fetch(`${baseUrl}/api/auth/me`, {
      headers: { authorization: `Bearer ${token}`, cookie: `df_session=${token}` },
    });
    await post(
      '/api/organization/invite',
      { name: 'Invitee', email: `invitee.${Date.now()}@example.test` },
      { cookie: `df_session=${token}` },
    );
    await post('/internal/sessions/introspect', { token }, { 'x-internal-token': 'dev-internal-token' });
    await waitFor(() => output.includes('/internal/sessions/introspect'), { timeoutMs: 10_000 });
    expect(output).toContain('/api/auth/login'); // requests really are logged at this level
    for (const secret of [password, sessionId, token]) expect(output).not.toContain(secret);
    expect(output).not.toMatch(/accept-invitation\?token=[A-Za-z0-9_-]{43}/);
  }, 60_000);
});
