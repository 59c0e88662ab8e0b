import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { assertPostgresUserCanReach, relocatedDataDir, startEmbeddedPostgres } from './embedded-postgres.js';
import { findFreePort } from './ports.js';

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

  // Issue 20: npm start by root from a clone in a private directory works: the binaries and the data go where
  // the postgres user can reach them (a folder per checkout under the relocation home), kept between runs.
  it.runIf(asRootWithPostgresUser)(
    'starts from a private checkout with its data kept between runs, outside the checkout',
    async () => {
      const privateDir = join(base, 'root-only');
      const dataDir = join(privateDir, 'app', '.data', 'postgres');
      mkdirSync(join(privateDir, 'app'), { recursive: true });
      chmodSync(privateDir, 0o700);
      const home = join(base, 'home');
      const query = async (url: string, sql: string) => {
        const client = new pg.Client({ connectionString: `${url}/postgres` });
        await client.connect();
        try {
          return (await client.query(sql)).rows;
        } finally {
          await client.end();
        }
      };

      const first = await startEmbeddedPostgres({ dataDir, port: await findFreePort(), relocateHome: home });
      try {
        await query(first.serverUrl, "CREATE TABLE kept (note text); INSERT INTO kept VALUES ('still here')");
      } finally {
        await first.stop();
      }
      const moved = join(relocatedDataDir(dataDir, home), 'data');
      expect(existsSync(join(moved, 'PG_VERSION'))).toBe(true);
      expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(false);
      const folder = statSync(relocatedDataDir(dataDir, home));
      expect(folder.mode & 0o777).toBe(0o700);
      expect(folder.uid).toBe(Number(execFileSync('id', ['-u', 'postgres']).toString().trim()));

      const second = await startEmbeddedPostgres({ dataDir, port: await findFreePort(), relocateHome: home });
      try {
        expect(await query(second.serverUrl, 'SELECT note FROM kept')).toEqual([{ note: 'still here' }]);
      } finally {
        await second.stop();
      }
    },
    120_000,
  );
});
