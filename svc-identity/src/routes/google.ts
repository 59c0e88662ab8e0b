import type {} from '@fastify/cookie';
import * as oidc from 'openid-client';
import type { FastifyReply } from 'fastify';
import type { TRouter } from '@dealflow/service-kit';
import { ZErrorBody } from '@dealflow/contracts';
import { z } from 'zod';
import type { TActor, TIdentityDeps } from '../deps.js';
import { createSignedValueCodec } from '../security/signed-cookie.js';
import { signInWithGoogle } from '../use-cases/sign-in-with-google.js';
import { requestMeta, setSessionCookie } from './session-cookie.js';
import { setChallengeCookie } from './two-factor-cookie.js';

const STATE_COOKIE = 'df_oidc';
const STATE_TTL_SECONDS = 600;
const CALLBACK_PATH = '/api/auth/google/callback';
/** The sign-in page's second step (mfe-auth's LoginPage reads `step`). */
const TWO_FACTOR_PAGE = '/login?step=two-factor';

interface TOidcState extends Record<string, unknown> {
  state: string;
  nonce: string;
  verifier: string;
  /** Where the callback page returns to (the re-authentication prompt's page): a path on this site only. */
  returnTo?: string;
}

/** `?returnTo=`: a path of this site (one leading slash, no backslash or control character), else nothing. */
const sameSitePath = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length <= 512 && /^\/(?![/\\])[^\\\s]*$/.test(value) ? value : undefined;

/**
 * Google sign-in with OpenID Connect (openid-client): authorization code flow with PKCE, state and
 * nonce. The three secrets travel in a signed, HttpOnly, 10-minute cookie scoped to these two paths.
 * The callback signs the user in and hands the browser to /auth/google/callback?data=... (seed 000).
 * Both are browser redirects, not JSON API routes, so they are not in the contract tables (public).
 */
export function googleRoutes({ app }: TRouter<TActor>, deps: TIdentityDeps): void {
  const { config } = deps;
  const codec = createSignedValueCodec(deps.oidcStateSecret);
  const redirectUri = `${config.PUBLIC_URL}${CALLBACK_PATH}`;
  let discovered: Promise<oidc.Configuration> | null = null;

  const getConfiguration = (google: NonNullable<TIdentityDeps['config']['google']>) => {
    if (!discovered) {
      const issuer = new URL(google.issuer);
      discovered = oidc
        .discovery(issuer, google.clientId, google.clientSecret, undefined, {
          // Plain http is only ever a local stand-in provider (tests, development).
          ...(issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : {}),
        })
        .catch((error: unknown) => {
          discovered = null; // retry discovery on the next sign-in
          throw error;
        });
    }
    return discovered;
  };

  const failTo = (reply: FastifyReply, message: string) =>
    reply
      .clearCookie(STATE_COOKIE, { path: '/api/auth/google' })
      .redirect(`/auth/google/callback?error=${encodeURIComponent(message)}`);

  app.get(
    '/api/auth/google',
    {
      schema: {
        querystring: z.record(z.string(), z.string().max(4096)),
        response: { 404: ZErrorBody, 502: ZErrorBody },
      },
    },
    async (request, reply) => {
      if (!config.google) return reply.code(404).send({ message: 'Google sign-in is not configured' });
      let configuration: oidc.Configuration;
      try {
        configuration = await getConfiguration(config.google);
      } catch (error) {
        request.log.error({ err: error }, 'OpenID provider discovery failed');
        return reply
          .code(502)
          .send({ message: 'Google sign-in is unavailable right now. Please try again later.' });
      }
      const verifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const url = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      const returnTo = sameSitePath(request.query.returnTo);
      const saved: TOidcState = { state, nonce, verifier, ...(returnTo ? { returnTo } : {}) };
      reply.setCookie(STATE_COOKIE, codec.encode(saved, STATE_TTL_SECONDS), {
        path: '/api/auth/google',
        httpOnly: true,
        sameSite: 'lax',
        secure: config.PUBLIC_URL.startsWith('https:'),
        maxAge: STATE_TTL_SECONDS,
      });
      return reply.redirect(url.href);
    },
  );

  app.get(
    CALLBACK_PATH,
    { schema: { querystring: z.record(z.string(), z.string().max(4096)), response: { 404: ZErrorBody } } },
    async (request, reply) => {
      const { google } = config;
      if (!google) return reply.code(404).send({ message: 'Google sign-in is not configured' });
      const saved = codec.decode<TOidcState>(request.cookies[STATE_COOKIE]);
      if (!saved) return failTo(reply, 'Your sign-in attempt expired. Please try again.');
      if (request.query.error) return failTo(reply, 'Google sign-in was cancelled.');
      try {
        const configuration = await getConfiguration(google);
        const currentUrl = new URL(request.url, config.PUBLIC_URL);
        const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
          pkceCodeVerifier: saved.verifier,
          expectedState: saved.state,
          expectedNonce: saved.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims) return failTo(reply, 'Google did not return an identity.');
        let profile: Record<string, unknown> = claims;
        if (typeof claims.email !== 'string') {
          profile = {
            ...(await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub)),
            ...claims,
          };
        }
        const result = await signInWithGoogle(
          request.em,
          deps,
          {
            sub: claims.sub,
            email: typeof profile.email === 'string' ? profile.email.toLowerCase() : undefined,
            emailVerified: profile.email_verified === true || profile.email_verified === 'true',
            name: typeof profile.name === 'string' ? profile.name : undefined,
            picture: typeof profile.picture === 'string' ? profile.picture : undefined,
          },
          requestMeta(request, config),
        );
        // Two-factor on: the sign-in page asks for the code; the session waits for it.
        if (result.kind === 'challenge') {
          setChallengeCookie(reply, config, result.challenge);
          return reply.clearCookie(STATE_COOKIE, { path: '/api/auth/google' }).redirect(TWO_FACTOR_PAGE);
        }
        // The session goes into the HttpOnly cookie only; the callback screen reads who signed in from
        // GET /api/auth/me. Nothing about the session is in the URL (history, logs, Referer).
        setSessionCookie(reply, config, result.token);
        const back = sameSitePath(saved.returnTo);
        return reply
          .clearCookie(STATE_COOKIE, { path: '/api/auth/google' })
          .redirect(`/auth/google/callback${back ? `?returnTo=${encodeURIComponent(back)}` : ''}`);
      } catch (error) {
        request.log.warn(
          { err: error instanceof Error ? error.message : String(error) },
          'Google sign-in failed',
        );
        const message =
          error instanceof Error && error.name === 'IdentityError'
            ? error.message
            : 'Google sign-in failed. Please try again.';
        return failTo(reply, message);
      }
    },
  );
}
