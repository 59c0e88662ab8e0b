import { test as base, expect } from '@playwright/test';
import type { CapturedMail } from './smtp.js';

export type { CapturedMail };
export type TRemoteFolder = 'mfe-auth' | 'mfe-team' | 'mfe-billing' | 'mfe-records';

function required(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(
      `${name} is not set: run the specs through playwright.config.ts (its global setup starts the stack)`,
    );
  return value;
}

let counter = 0;
/** An email address no other test uses. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${process.pid}-${counter}@example.com`.toLowerCase();
}

export interface MailFixture {
  /** The newest message to `to` received since this test started; waits for it (default 10 s). */
  waitFor(to: string, options?: { subject?: string | RegExp; timeoutMs?: number }): Promise<CapturedMail>;
  /** Every message captured in this run. */
  all(): Promise<CapturedMail[]>;
}

export interface RemotesFixture {
  stop(folder: TRemoteFolder): Promise<void>;
  start(folder: TRemoteFolder): Promise<void>;
}

async function control(path: string, init?: RequestInit): Promise<Response> {
  const response = await fetch(`${required('E2E_CONTROL_URL')}${path}`, init);
  if (!response.ok) throw new Error(`e2e control ${path}: ${response.status} ${await response.text()}`);
  return response;
}

export const test = base.extend<{ stack: { url: string }; mail: MailFixture; remotes: RemotesFixture }>({
  baseURL: async ({}, use) => {
    await use(required('E2E_BASE_URL'));
  },
  stack: async ({}, use) => {
    await use({ url: required('E2E_BASE_URL') });
  },
  mail: async ({}, use) => {
    const since = new Date(Date.now() - 1000).toISOString();
    const all = async () => (await (await control('/mail')).json()) as CapturedMail[];
    await use({
      all,
      waitFor: async (to, options = {}) => {
        const deadline = Date.now() + (options.timeoutMs ?? 10_000);
        const wanted = to.toLowerCase();
        const subjectMatches = (subject: string) =>
          options.subject === undefined
            ? true
            : typeof options.subject === 'string'
              ? subject.includes(options.subject)
              : options.subject.test(subject);
        for (;;) {
          const found = (await all())
            .filter((m) => m.receivedAt >= since && m.to.includes(wanted) && subjectMatches(m.subject))
            .at(-1);
          if (found) return found;
          if (Date.now() > deadline) {
            throw new Error(
              `No email to ${to}${options.subject ? ` with subject ${String(options.subject)}` : ''} arrived`,
            );
          }
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      },
    });
  },
  remotes: async ({}, use) => {
    const stopped = new Set<TRemoteFolder>();
    await use({
      stop: async (folder) => {
        await control(`/remotes/${folder}/stop`, { method: 'POST' });
        stopped.add(folder);
      },
      start: async (folder) => {
        await control(`/remotes/${folder}/start`, { method: 'POST' });
        stopped.delete(folder);
      },
    });
    // Never leave a remote stopped for the next test.
    for (const folder of stopped) await control(`/remotes/${folder}/start`, { method: 'POST' });
  },
});

export { expect };

/**
 * Follows the verification link svc-identity emailed to `email` at registration (issue 15: inviting and
 * buying need a verified address), as its owner would: the link's token posted by `request` (any context;
 * the link is the proof, not the session).
 */
export async function verifyEmailOf(
  request: {
    post: (url: string, options: { data: unknown }) => Promise<{ ok(): boolean; text(): Promise<string> }>;
  },
  email: string,
): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = (await (await control('/mail')).json()) as CapturedMail[];
    const mail = mails
      .filter((m) => m.to.includes(email.toLowerCase()) && m.subject === 'Verify your email address')
      .at(-1);
    const link = mail?.links.find((l) => l.includes('/verify-email?token='));
    if (link) {
      const token = new URL(link).searchParams.get('token');
      const response = await request.post('/api/account/email/confirm', { data: { token } });
      if (!response.ok()) throw new Error(`verification failed: ${await response.text()}`);
      return;
    }
    if (Date.now() > deadline) throw new Error(`No verification email to ${email} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
