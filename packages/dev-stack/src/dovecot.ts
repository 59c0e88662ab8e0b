import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { findFreePort, waitForPort } from './ports.js';

export const DOVECOT_BINARY = process.env.DOVECOT_BINARY ?? '/usr/sbin/dovecot';

const systemUser = (name: string) => {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}:`));
  if (!line) throw new Error(`system user ${name} missing: apt-get install -y dovecot-imapd`);
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
};

export interface TImapServer {
  host: string;
  port: number;
  user: string;
  password: string;
  stop(): Promise<void>;
}

/**
 * A real IMAP server for tests (svc-ingest's mailbox tests, the e2e Scan spec): Debian's dovecot-imapd
 * (`apt-get install -y dovecot-imapd`), unprivileged, on a free port, with a generated config and one
 * passwd-file user. Plain-text login without TLS (loopback only).
 */
export async function startDovecot(options: { user?: string; password?: string } = {}): Promise<TImapServer> {
  const dir = mkdtempSync(join(tmpdir(), 'dovecot-'));
  const port = await findFreePort();
  const user = options.user ?? 'founder-inbox@example.com';
  const password = options.password ?? 'app-password-123';
  const me = userInfo();
  const isRoot = me.uid === 0;
  chmodSync(dir, 0o755);
  mkdirSync(join(dir, 'run'));
  mkdirSync(join(dir, 'mail'));
  // Dovecot refuses uid 0 for mail users: as root, the mail is owned by the package's `dovecot` user.
  const owner = isRoot ? systemUser('dovecot') : { uid: me.uid, gid: me.gid };
  if (isRoot) chownSync(join(dir, 'mail'), owner.uid, owner.gid);
  writeFileSync(
    join(dir, 'passwd'),
    `${user}:{PLAIN}${password}:${owner.uid}:${owner.gid}::${join(dir, 'mail', 'home')}::\n`,
    { mode: 0o644 },
  );
  writeFileSync(
    join(dir, 'dovecot.conf'),
    [
      `base_dir = ${join(dir, 'run')}`,
      `state_dir = ${join(dir, 'run')}`,
      `instance_name = test-${port}`,
      'protocols = imap',
      `listen = 127.0.0.1`,
      'ssl = no',
      'disable_plaintext_auth = no',
      'auth_mechanisms = plain login',
      // As root, dovecot refuses to run its login processes as root: use the package's own unprivileged users.
      `default_internal_user = ${isRoot ? 'dovecot' : me.username}`,
      `default_internal_group = ${isRoot ? 'dovecot' : me.username}`,
      `default_login_user = ${isRoot ? 'dovenull' : me.username}`,
      'log_path = ' + (process.env.DOVECOT_LOG ?? '/dev/stderr'),
      'auth_verbose = yes',
      'info_log_path = /dev/null',
      `mail_location = maildir:${join(dir, 'mail', '%u')}`,
      `first_valid_uid = 0`,
      `first_valid_gid = 0`,
      'service imap-login {',
      `  inet_listener imap {`,
      `    port = ${port}`,
      '  }',
      '  inet_listener imaps {',
      '    port = 0',
      '  }',
      '  chroot =',
      '}',
      'service anvil {',
      '  chroot =',
      '}',
      'service stats {',
      '  unix_listener stats-writer {',
      `    user = ${isRoot ? 'dovecot' : me.username}`,
      '    mode = 0666',
      '  }',
      '}',
      `passdb {`,
      `  driver = passwd-file`,
      `  args = scheme=PLAIN username_format=%u ${join(dir, 'passwd')}`,
      '}',
      'userdb {',
      '  driver = passwd-file',
      `  args = username_format=%u ${join(dir, 'passwd')}`,
      '}',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(DOVECOT_BINARY, ['-F', '-c', join(dir, 'dovecot.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await Promise.race([
      waitForPort(port, '127.0.0.1', 10_000),
      exited.then(() => {
        throw new Error(`dovecot exited: ${stderr}`);
      }),
    ]);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    host: '127.0.0.1',
    port,
    user,
    password,
    async stop() {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
