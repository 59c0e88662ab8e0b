import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TNotificationKind } from '@dealflow/contracts';

/**
 * The token of a notification email's unsubscribe link: `<userId>.<kind code>.<HMAC>`. It names one user and
 * one setting, needs no sign-in and does not expire (RFC 8058 one-click links must keep working); forging
 * one needs the key, which is derived from identity's JWT private key (deps.ts), so every replica agrees.
 */
const CODES: Record<TNotificationKind, string> = {
  emailOnDeckProcessed: 'd',
  emailOnDealCreated: 'l',
  weeklyDigest: 'w',
  emailOnMention: 'm',
};
const KINDS = Object.fromEntries(Object.entries(CODES).map(([kind, code]) => [code, kind])) as Record<
  string,
  TNotificationKind
>;

const sign = (secret: string, userId: number, code: string) =>
  createHmac('sha256', secret).update(`unsubscribe:${userId}:${code}`).digest('base64url');

export function createUnsubscribeToken(secret: string, userId: number, kind: TNotificationKind): string {
  const code = CODES[kind];
  return `${userId}.${code}.${sign(secret, userId, code)}`;
}

/** The user and setting a token names, or null when it is malformed or not ours. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: number; kind: TNotificationKind } | null {
  const match = /^(\d{1,12})\.([a-z])\.([\w-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const kind = KINDS[match[2]!];
  if (!kind) return null;
  const expected = Buffer.from(sign(secret, userId, match[2]!));
  const given = Buffer.from(match[3]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { userId, kind } : null;
}
