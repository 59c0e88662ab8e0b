import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatLogLine } from './children.js';
import { ensureKeys } from './keys.js';
import { findFreePort } from './ports.js';
import { startStaticServer, type StaticServer } from './static-server.js';

let dir: string;
let server: StaticServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'static-'));
  mkdirSync(join(dir, 'dist'));
  writeFileSync(join(dir, 'dist', 'mf-manifest.json'), '{"name":"mfe_auth"}');
  writeFileSync(join(dir, 'dist', 'main.0123abcd.js'), 'export {}');
  writeFileSync(join(dir, 'secret.txt'), 'outside dist');
  server = await startStaticServer(join(dir, 'dist'), await findFreePort());
});
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("a remote's static server", () => {
  it('serves the manifest with CORS and revalidation, hashed chunks as immutable', async () => {
    const manifest = await fetch(`${server.url}/mf-manifest.json`);
    expect(await manifest.json()).toEqual({ name: 'mfe_auth' });
    expect(manifest.headers.get('access-control-allow-origin')).toBe('*');
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    const chunk = await fetch(`${server.url}/main.0123abcd.js`);
    expect(chunk.headers.get('content-type')).toContain('text/javascript');
    expect(chunk.headers.get('cache-control')).toContain('immutable');
  });

  it('never serves a file outside its folder', async () => {
    const response = await fetch(`${server.url}/..%2Fsecret.txt`);
    expect(response.status).toBe(404);
  });

  it('refuses connections once stopped and serves again once started', async () => {
    await server.stop();
    await expect(fetch(`${server.url}/mf-manifest.json`)).rejects.toThrow();
    await server.start();
    expect((await fetch(`${server.url}/mf-manifest.json`)).status).toBe(200);
  });
});

describe('stack helpers', () => {
  it('generates the key pair once and finds it again', () => {
    const keysDir = join(dir, 'keys');
    const first = ensureKeys(keysDir);
    expect(first.privateKeyPem).toContain('BEGIN PRIVATE KEY');
    expect(first.publicKeyPem).toContain('BEGIN PUBLIC KEY');
    expect(first.internalToken.length).toBeGreaterThanOrEqual(32);
    expect(ensureKeys(keysDir)).toEqual(first);
  });

  it('formats pino lines for the prefixed console output', () => {
    expect(formatLogLine('{"level":40,"msg":"slow query","reqId":"r1"}')).toBe('WARN slow query (req r1)');
    expect(formatLogLine('plain text')).toBe('plain text');
  });
});
