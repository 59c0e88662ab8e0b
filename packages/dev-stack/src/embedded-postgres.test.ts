import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertPostgresUserCanReach } from './embedded-postgres.js';

const hasPostgresUser = (() => {
  try {
    execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const asRootWithPostgresUser = process.getuid?.() === 0 && hasPostgresUser;

describe('npm start as root from a private directory', () => {
  // Under /var/tmp, which the postgres user can traverse, like a clone under /root would be if it could.
  const base = mkdtempSync('/var/tmp/dealflow-reach-');
  chmodSync(base, 0o755);
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it.runIf(asRootWithPostgresUser)('stops at once, naming the private directory and what to do', () => {
    const privateDir = join(base, 'private');
    mkdirSync(join(privateDir, 'checkout', '.data'), { recursive: true });
    chmodSync(privateDir, 0o700);
    expect(() => assertPostgresUserCanReach([join(privateDir, 'checkout', '.data')])).toThrow(
      new RegExp(
        `${privateDir} is private to its owner[\\s\\S]*DATABASE_URL[\\s\\S]*chmod o\\+x ${privateDir}`,
      ),
    );
  });

  it.runIf(asRootWithPostgresUser)('lets a checkout others can traverse start', () => {
    const open = join(base, 'open', 'checkout', '.data');
    mkdirSync(open, { recursive: true });
    expect(() => assertPostgresUserCanReach([open])).not.toThrow();
  });
});
