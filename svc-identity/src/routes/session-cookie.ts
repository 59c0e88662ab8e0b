import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  clearSessionCookie as clearKitSessionCookie,
  setSessionCookie as setKitSessionCookie,
} from '@dealflow/service-kit';
import type { TConfig } from '../config.js';
import type { TRequestMeta } from '../deps.js';
import { readPresentedTokens } from '../security/authenticate.js';
import { hashToken } from '../security/tokens.js';

/** The token hashes presented (for login's rotation of the previous session). */
export const presentedTokenHashes = (request: FastifyRequest): string[] =>
  readPresentedTokens(request).map((t) => hashToken(t.token));

/** The client's address: the hop the gateway appended to X-Forwarded-For when TRUST_PROXY, else the socket's. */
export function clientIp(request: FastifyRequest, trustProxy: boolean): string {
  const forwarded = request.headers['x-forwarded-for'];
  if (trustProxy && typeof forwarded === 'string' && forwarded.trim() !== '') {
    const last = forwarded.split(',').at(-1)?.trim();
    if (last) return last.slice(0, 64);
  }
  return request.ip;
}

export const requestMeta = (request: FastifyRequest, config: TConfig): TRequestMeta => ({
  ip: clientIp(request, config.trustProxy),
  userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
});

/** The kit's one session cookie (its rules: HttpOnly, SameSite=Lax, Secure on https, the session's lifetime). */
export function setSessionCookie(reply: FastifyReply, config: TConfig, token: string): void {
  setKitSessionCookie(reply, token, { publicUrl: config.PUBLIC_URL, ttlDays: config.session.ttlDays });
}

export function clearSessionCookie(reply: FastifyReply, config: TConfig): void {
  clearKitSessionCookie(reply, { publicUrl: config.PUBLIC_URL });
}
