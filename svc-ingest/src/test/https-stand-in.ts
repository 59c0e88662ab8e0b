import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A local https server with a throw-away certificate for 127.0.0.1 (made by openssl), reached through the
 * outbound guard's test-only allow list: `caFile` is what OUTBOUND_TEST_CA_FILE takes.
 */
export async function startHttpsStandIn(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  options: { names?: string[] } = {},
) {
  // Host names the certificate also covers: a stand-in for a named outside host (reached via a test resolver).
  const san = ['IP:127.0.0.1', ...(options.names ?? []).map((n) => `DNS:${n}`)].join(',');
  const dir = mkdtempSync(join(tmpdir(), 'https-stand-in-'));
  const keyFile = join(dir, 'key.pem');
  const caFile = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1'].concat([
      '-addext',
      `subjectAltName=${san}`,
      '-keyout',
      keyFile,
      '-out',
      caFile,
    ]),
    { stdio: 'ignore' },
  );
  const ca = readFileSync(caFile, 'utf8');
  const server: Server = createServer({ key: readFileSync(keyFile), cert: ca }, handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    base: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    ca,
    caFile,
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}
