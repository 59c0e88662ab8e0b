import { SESSION_COOKIE, type TRouter } from '@dealflow/service-kit';
import { identityRoutes } from '@dealflow/contracts';
import type { TActor, TIdentityDeps } from '../deps.js';
import { toSessionDto, toUserDto } from '../presenters.js';
import { loginUser } from '../use-cases/login-user.js';
import { registerUser } from '../use-cases/register-user.js';
import { logoutUser } from '../use-cases/logout-user.js';
import { getCurrentSession } from '../use-cases/get-current-session.js';
import { completeProfile } from '../use-cases/complete-profile.js';
import { refreshProductAccess } from '../use-cases/refresh-product-access.js';
import { requestPasswordReset, RESET_REQUESTED_MESSAGE } from '../use-cases/request-password-reset.js';
import { resetPassword } from '../use-cases/reset-password.js';
import { reauthenticate } from '../use-cases/reauthenticate.js';
import { clearSessionCookie, presentedTokenHashes, requestMeta, setSessionCookie } from './session-cookie.js';
import { setChallengeCookie } from './two-factor-cookie.js';

export function authRoutes({ app, route }: TRouter<TActor>, deps: TIdentityDeps): void {
  const { config } = deps;

  // route() answers a signed-out /me with 401 before the handler runs. A df_session cookie that names no
  // live session (expired, logged out elsewhere) is cleared on that answer, so the browser stops sending
  // it. onError runs only on failures: nothing is added to the hot path.
  app.addHook('onError', async (request, reply, error) => {
    if (
      request.routeOptions.url === identityRoutes.me.path &&
      (error as { statusCode?: number }).statusCode === 401 &&
      request.cookies[SESSION_COOKIE] !== undefined
    )
      clearSessionCookie(reply, config);
  });

  route(identityRoutes.me, async ({ actor, reply }) => {
    reply.header('cache-control', 'no-store');
    return getCurrentSession(actor);
  });

  route(identityRoutes.login, async ({ body, request, reply }) => {
    const [previousTokenHash] = presentedTokenHashes(request);
    const result = await loginUser(
      request.em,
      deps,
      { ...body, previousTokenHash: previousTokenHash ?? null },
      requestMeta(request, config),
    );
    // Two-factor on: no session yet, the challenge cookie instead (POST /api/auth/two-factor completes it).
    if ('challenge' in result) {
      setChallengeCookie(reply, config, result.challenge);
      return reply.code(202).send({ twoFactorRequired: true as const });
    }
    setSessionCookie(reply, config, result.token);
    return toSessionDto(result.user, result.organization);
  });

  route(identityRoutes.register, async ({ body, request, reply }) => {
    const result = await registerUser(request.em, deps, body, requestMeta(request, config));
    setSessionCookie(reply, config, result.token);
    return reply.code(201).send(toSessionDto(result.user, result.organization));
  });

  // public: signing out without a live session is already done (idempotent), and still clears the cookie.
  route(identityRoutes.logout, async ({ actor, request, reply }) => {
    await logoutUser(request.em, actor);
    clearSessionCookie(reply, config);
    return { success: true as const, message: 'You have been successfully logged out.' };
  });

  route(identityRoutes.reauthenticate, async ({ actor, body, request }) => {
    await reauthenticate(request.em, deps, actor, body, requestMeta(request, config));
    return { success: true as const, message: 'Password confirmed' };
  });

  route(identityRoutes.completeProfile, async ({ body, request, reply }) => {
    const result = await completeProfile(request.em, deps, body, requestMeta(request, config));
    setSessionCookie(reply, config, result.token);
    return reply.code(201).send(toSessionDto(result.user, result.organization));
  });

  route(identityRoutes.updateAccess, async ({ actor, request }) => {
    const { success, user } = await refreshProductAccess(request.em, actor);
    return { success, user: toUserDto(user) };
  });

  route(identityRoutes.forgotPassword, async ({ body, request }) => {
    await requestPasswordReset(request.em, deps, body, requestMeta(request, config));
    return { success: true as const, message: RESET_REQUESTED_MESSAGE };
  });

  route(identityRoutes.resetPassword, async ({ body, request }) => {
    const { keptSession } = await resetPassword(
      request.em,
      deps,
      body,
      requestMeta(request, config),
      presentedTokenHashes(request),
    );
    return {
      success: true as const,
      message: keptSession
        ? 'Your password has been reset. You are signed in.'
        : 'Your password has been reset. You can now sign in.',
      signedIn: keptSession,
    };
  });
}
