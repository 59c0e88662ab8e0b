import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accountRoutes } from '@dealflow/contracts';

/**
 * Identity's mail outbox for the whole-stack suites (identity writes each email as a JSON file when no SMTP_URL
 * is set: pass `outbox.dir` as its MAIL_OUTBOX_DIR), and the step every new owner now takes before buying or
 * inviting: following the verification link emailed at registration.
 */
export function createOutbox(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-outbox-`));
  /** The token of the newest link matching `link` in mail to `to`, or undefined while none has landed. */
  const token = (to: string, link: RegExp): string | undefined => {
    const files = existsSync(dir) ? readdirSync(dir).sort().reverse() : [];
    for (const file of files) {
      let mail: { to: string; text: string };
      try {
        mail = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { to: string; text: string };
      } catch {
        continue; // still being written (identity's outbox writes are not atomic): read on the next poll
      }
      if (mail.to !== to || !link.test(mail.text)) continue;
      const found = /token=([A-Za-z0-9_.%-]+)/.exec(mail.text.slice(mail.text.search(link)))?.[1];
      if (found) return decodeURIComponent(found);
    }
    return undefined;
  };
  /** Follows the verification link emailed to `email` at registration (waits up to 30 s for it). */
  const verifyEmail = async (baseUrl: string, email: string): Promise<void> => {
    const deadline = Date.now() + 30_000;
    let found = token(email, /\/verify-email\?token=/);
    while (!found) {
      if (Date.now() > deadline) throw new Error(`no verification email to ${email} within 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      found = token(email, /\/verify-email\?token=/);
    }
    const response = await fetch(`${baseUrl}${accountRoutes.confirmEmail.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ token: found }),
    });
    if (!response.ok) throw new Error(`verifying ${email}: ${response.status} ${await response.text()}`);
  };
  return { dir, token, verifyEmail, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
