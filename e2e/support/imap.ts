import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

/**
 * A real IMAP server for the mailbox Scan test: Debian's dovecot-imapd (`apt-get install -y dovecot-imapd`),
 * run unprivileged on a free port with a generated config and one passwd-file user, plain login on
 * 127.0.0.1 (no TLS). The account is published to the tests as E2E_IMAP_HOST/PORT/USER/PASSWORD
 * (`imapAccount()`); `appendToInbox(raw)` drops a message in its INBOX. Without dovecot the starter logs a
 * warning and `imapAccount()` returns null, so a spec can skip instead of failing the whole run.
 */
const DOVECOT = process.env.DOVECOT_BINARY ?? '/usr/sbin/dovecot';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const systemUser = (name: string) => {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}:`));
  if (!line) throw new Error(`system user ${name} missing: apt-get install -y dovecot-imapd`);
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
};

export interface TImapAccount {
  host: string;
  port: number;
  secure: false;
  user: string;
  password: string;
}

export function imapAccount(): TImapAccount | null {
  const { E2E_IMAP_HOST: host, E2E_IMAP_PORT: port, E2E_IMAP_USER: user, E2E_IMAP_PASSWORD: password } = process.env;
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

export async function start(_context: { publicUrl: string }): Promise<{ env: Record<string, string>; stop(): Promise<void> }> {
  if (!existsSync(DOVECOT)) {
    console.warn(`[e2e] ${DOVECOT} not found: no IMAP server (apt-get install -y dovecot-imapd); mailbox Scan specs will skip`);
    return { env: {}, stop: async () => undefined };
  }
  const dir = mkdtempSync(join(tmpdir(), 'e2e-dovecot-'));
  chmodSync(dir, 0o755);
  const port = await freePort();
  const user = 'founders@e2e.test';
  const password = 'e2e-app-password';
  const me = userInfo();
  const isRoot = me.uid === 0;
  const owner = isRoot ? systemUser('dovecot') : { uid: me.uid, gid: me.gid };
  mkdirSync(join(dir, 'run'));
  mkdirSync(join(dir, 'mail'));
  if (isRoot) chownSync(join(dir, 'mail'), owner.uid, owner.gid);
  writeFileSync(join(dir, 'passwd'), `${user}:{PLAIN}${password}:${owner.uid}:${owner.gid}::${join(dir, 'mail', 'home')}::\n`, { mode: 0o644 });
  writeFileSync(
    join(dir, 'dovecot.conf'),
    [
      `base_dir = ${join(dir, 'run')}`,
      `state_dir = ${join(dir, 'run')}`,
      `instance_name = e2e-${port}`,
      'protocols = imap',
      'listen = 127.0.0.1',
      'ssl = no',
      'disable_plaintext_auth = no',
      'auth_mechanisms = plain login',
      `default_internal_user = ${isRoot ? 'dovecot' : me.username}`,
      `default_internal_group = ${isRoot ? 'dovecot' : me.username}`,
      `default_login_user = ${isRoot ? 'dovenull' : me.username}`,
      'log_path = /dev/stderr',
      'info_log_path = /dev/null',
      `mail_location = maildir:${join(dir, 'mail', '%u')}`,
      'first_valid_uid = 0',
      'first_valid_gid = 0',
      `service imap-login {\n  inet_listener imap {\n    port = ${port}\n  }\n  inet_listener imaps {\n    port = 0\n  }\n  chroot =\n}`,
      'service anvil {\n  chroot =\n}',
      `service stats {\n  unix_listener stats-writer {\n    user = ${isRoot ? 'dovecot' : me.username}\n    mode = 0666\n  }\n}`,
      `passdb {\n  driver = passwd-file\n  args = scheme=PLAIN username_format=%u ${join(dir, 'passwd')}\n}`,
      `userdb {\n  driver = passwd-file\n  args = username_format=%u ${join(dir, 'passwd')}\n}`,
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(DOVECOT, ['-F', '-c', join(dir, 'dovecot.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const deadline = Date.now() + 10_000;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const s = connect(port, '127.0.0.1', () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
    if (up) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`dovecot did not start: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  Object.assign(process.env, { E2E_IMAP_HOST: '127.0.0.1', E2E_IMAP_PORT: String(port), E2E_IMAP_USER: user, E2E_IMAP_PASSWORD: password });
  return {
    env: {},
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
