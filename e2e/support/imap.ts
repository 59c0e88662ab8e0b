import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { DOVECOT_BINARY, startDovecot } from '@dealflow/dev-stack';

/**
 * A real IMAP server for the mailbox Scan test: dev-stack's `startDovecot` (Debian's dovecot-imapd,
 * unprivileged, plain login on 127.0.0.1). The account is published to the tests as
 * E2E_IMAP_HOST/PORT/USER/PASSWORD (`imapAccount()`); `appendToInbox(raw)` drops a message in its INBOX. Without dovecot the starter logs a
 * warning and `imapAccount()` returns null, so a spec can skip instead of failing the whole run.
 */
export interface TImapAccount {
  host: string;
  port: number;
  secure: false;
  user: string;
  password: string;
}

export function imapAccount(): TImapAccount | null {
  const {
    E2E_IMAP_HOST: host,
    E2E_IMAP_PORT: port,
    E2E_IMAP_USER: user,
    E2E_IMAP_PASSWORD: password,
  } = process.env;
  if (!host || !port || !user || !password) return null;
  return { host, port: Number(port), secure: false, user, password };
}

/** Appends a raw RFC 5322 message to the account's INBOX over IMAP (LOGIN, APPEND, LOGOUT). */
export async function appendToInbox(raw: Buffer | string, account = imapAccount()): Promise<void> {
  if (!account) throw new Error('No IMAP server: dovecot-imapd is not installed');
  const message = Buffer.isBuffer(raw) ? raw : Buffer.from(raw.replace(/\r?\n/g, '\r\n'));
  const socket = connect(account.port, account.host);
  let buffer = '';
  const waitFor = (re: RegExp) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const m = re.exec(buffer);
        if (m) {
          buffer = buffer.slice(m.index + m[0].length);
          socket.off('data', onData);
          resolve(m[0]);
        }
      };
      const onData = (chunk: Buffer) => {
        buffer += chunk.toString('latin1');
        if (/^a\d (NO|BAD)/m.test(buffer)) reject(new Error(`IMAP refused: ${buffer.trim()}`));
        else check();
      };
      socket.on('data', onData);
      socket.once('error', reject);
      check();
    });
  const quote = (s: string) => `"${s.replace(/["\\]/g, '\\$&')}"`;
  try {
    await waitFor(/^\* OK.*\r\n/m);
    socket.write(`a1 LOGIN ${quote(account.user)} ${quote(account.password)}\r\n`);
    await waitFor(/^a1 OK.*\r\n/m);
    socket.write(`a2 APPEND INBOX {${message.length}}\r\n`);
    await waitFor(/^\+.*\r\n/m);
    socket.write(Buffer.concat([message, Buffer.from('\r\n')]));
    await waitFor(/^a2 OK.*\r\n/m);
    socket.write('a3 LOGOUT\r\n');
  } finally {
    socket.end();
  }
}

export async function start(_context: {
  publicUrl: string;
}): Promise<{ env: Record<string, string>; stop(): Promise<void> }> {
  if (!existsSync(DOVECOT_BINARY)) {
    console.warn(
      `[e2e] ${DOVECOT_BINARY} not found: no IMAP server (apt-get install -y dovecot-imapd); mailbox Scan specs will skip`,
    );
    return { env: {}, stop: async () => undefined };
  }
  const server = await startDovecot({ user: 'founders@e2e.test', password: 'e2e-app-password' });
  Object.assign(process.env, {
    E2E_IMAP_HOST: server.host,
    E2E_IMAP_PORT: String(server.port),
    E2E_IMAP_USER: server.user,
    E2E_IMAP_PASSWORD: server.password,
  });
  return { env: {}, stop: () => server.stop() };
}
