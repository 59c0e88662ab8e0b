import type {} from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import { SESSION_COOKIE } from './auth.js';

/**
 * The one way to set and clear the session cookie (issue 21 item 7), identity's rules for every service that
 * signs someone in (identity's sign-in, billing's auto-login after a checkout): HttpOnly, SameSite=Lax, Path=/,
 * Secure whenever the public address is https, and the session's lifetime (SESSION_TTL_DAYS) as Max-Age.
 */
export interface TSessionCookieRules {
  /** The address people use (config.PUBLIC_URL): https makes the cookie Secure. */
  publicUrl: string;
  /** config.SESSION_TTL_DAYS. */
  ttlDays: number;
}

const isSecure = (publicUrl: string) => publicUrl.startsWith('https:');

export function setSessionCookie(reply: FastifyReply, token: string, rules: TSessionCookieRules): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(rules.publicUrl),
    maxAge: rules.ttlDays * 86_400,
  });
}

export function clearSessionCookie(reply: FastifyReply, rules: Pick<TSessionCookieRules, 'publicUrl'>): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(rules.publicUrl),
  });
}
