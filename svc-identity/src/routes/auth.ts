import { route, type ServiceApp } from '@dealflow/service-kit';
import { identityRoutes } from '@dealflow/contracts';
import type { TIdentityDeps } from '../deps.js';
import { toOrganizationDto, toUserDto } from '../presenters.js';
import type { IUser } from '../entities/user.js';
import type { IOrganization } from '../entities/organization.js';
import { loginUser } from '../use-cases/login-user.js';
import { registerUser } from '../use-cases/register-user.js';
import { logoutUser } from '../use-cases/logout-user.js';
import { getCurrentSession } from '../use-cases/get-current-session.js';
import { completeProfile } from '../use-cases/complete-profile.js';
import { refreshProductAccess } from '../use-cases/refresh-product-access.js';
import { requestPasswordReset, RESET_REQUESTED_MESSAGE } from '../use-cases/request-password-reset.js';
import { resetPassword } from '../use-cases/reset-password.js';
import { IdentityError } from '../errors.js';
import {
  clearSessionCookie,
  NOT_SIGNED_IN_MESSAGE,
  SESSION_COOKIE,
  presentedTokenHashes,
  readPresentedTokens,
  requestMeta,
  requireActor,
  resolveActor,
  setSessionCookie,
} from './session-auth.js';

export const toSessionDto = (user: IUser, organization: IOrganization | null, sessionId: string) => ({
  user: toUserDto(user),
  organization: organization ? toOrganizationDto(organization) : null,
  sessionId,
});

export function registerAuthRoutes(app: ServiceApp, deps: TIdentityDeps): void {
  const { config } = deps;

  route(app, identityRoutes.me, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    // A read: no CSRF concern, so the presented tokens are looked up directly, in one query.
    const presented = readPresentedTokens(request);
    const view = await getCurrentSession(
      deps.sessions,
      presented.map((t) => t.token),
    );
    if (view) return view;
    // A df_session cookie that names no live session (expired, logged out elsewhere) is cleared, so the
    // browser stops sending it.
    if (request.cookies[SESSION_COOKIE] !== undefined) clearSessionCookie(reply, config);
    throw new IdentityError('NOT_SIGNED_IN', NOT_SIGNED_IN_MESSAGE);
  });

  route(app, identityRoutes.login, async (request, reply) => {
    const [previousTokenHash] = presentedTokenHashes(request);
    const result = await loginUser(
      request.em,
      deps,
      { ...request.body, previousTokenHash: previousTokenHash ?? null },
      requestMeta(request, config),
    );
    setSessionCookie(reply, config, result.token);
    return toSessionDto(result.user, result.organization, result.token);
  });

  route(app, identityRoutes.register, async (request, reply) => {
    const result = await registerUser(request.em, deps, request.body, requestMeta(request, config));
    setSessionCookie(reply, config, result.token);
    return reply.code(201).send(toSessionDto(result.user, result.organization, result.token));
  });

  route(app, identityRoutes.logout, async (request, reply) => {
    const actor = await resolveActor(request, deps);
    await logoutUser(request.em, deps.sessions, actor?.tokenHash ?? null);
    clearSessionCookie(reply, config);
    return { success: true as const, message: 'You have been successfully logged out.' };
  });

  route(app, identityRoutes.completeProfile, async (request, reply) => {
    const result = await completeProfile(request.em, deps, request.body, requestMeta(request, config));
    setSessionCookie(reply, config, result.token);
    return reply.code(201).send(toSessionDto(result.user, result.organization, result.token));
  });

  route(app, identityRoutes.updateAccess, async (request) => {
    const actor = await requireActor(request, deps);
    const { success, user } = await refreshProductAccess(request.em, actor);
    return { success, user: toUserDto(user) };
  });

  route(app, identityRoutes.forgotPassword, async (request) => {
    await requestPasswordReset(request.em, deps, request.body, requestMeta(request, config));
    return { success: true as const, message: RESET_REQUESTED_MESSAGE };
  });

  route(app, identityRoutes.resetPassword, async (request) => {
    await resetPassword(request.em, request.body);
    return { success: true as const, message: 'Your password has been reset. You can now sign in.' };
  });
}
