import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { twoFactorRoutes } from '@dealflow/contracts';
import type { TConfig } from '../config.js';
import { SIGN_IN_CHALLENGE_SECONDS } from '../use-cases/start-sign-in-challenge.js';

/**
 * The sign-in challenge's cookie: HttpOnly (page scripts never see it), SameSite=Strict and scoped to the
 * one route that reads it, for as long as the challenge lives. It binds the second step to the browser
 * that gave the first: the code alone signs no one in.
 */
export const CHALLENGE_COOKIE = 'df_2fa';
const options = (config: TConfig) => ({
  path: twoFactorRoutes.verifyTwoFactor.path,
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: config.PUBLIC_URL.startsWith('https:'),
});

export const setChallengeCookie = (reply: FastifyReply, config: TConfig, token: string): FastifyReply =>
  reply.setCookie(CHALLENGE_COOKIE, token, { ...options(config), maxAge: SIGN_IN_CHALLENGE_SECONDS });

export const clearChallengeCookie = (reply: FastifyReply, config: TConfig): FastifyReply =>
  reply.clearCookie(CHALLENGE_COOKIE, options(config));

export const readChallengeCookie = (request: FastifyRequest): string | undefined =>
  request.cookies[CHALLENGE_COOKIE];
