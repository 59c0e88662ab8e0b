import type { TRouter } from '@dealflow/service-kit';
import { accountRoutes } from '@dealflow/contracts';
import type { TActor, TIdentityDeps } from '../deps.js';
import { listSessions } from '../use-cases/list-sessions.js';
import { revokeSession } from '../use-cases/revoke-session.js';
import { revokeOtherSessions } from '../use-cases/revoke-other-sessions.js';
import { getEmailStatus } from '../use-cases/get-email-status.js';
import { requestEmailChange } from '../use-cases/request-email-change.js';
import { cancelEmailChange } from '../use-cases/cancel-email-change.js';
import {
  resendVerificationEmail,
  VERIFICATION_SENT_MESSAGE,
} from '../use-cases/resend-verification-email.js';
import { confirmEmail } from '../use-cases/confirm-email.js';
import { clearSessionCookie, presentedTokenHashes, requestMeta } from './session-cookie.js';

/** The signed-in user's own sessions and email address (contracts `accountRoutes`). */
export function accountRoutesOf({ route }: TRouter<TActor>, deps: TIdentityDeps): void {
  const { config } = deps;

  route(accountRoutes.listSessions, async ({ actor, request, reply }) => {
    reply.header('cache-control', 'no-store');
    return { sessions: await listSessions(request.em, deps, actor) };
  });

  route(accountRoutes.revokeSession, async ({ actor, params, request, reply }) => {
    const { isCurrent } = await revokeSession(request.em, actor, params.id);
    if (isCurrent) clearSessionCookie(reply, config);
    return { success: true as const, revoked: 1 };
  });

  route(accountRoutes.revokeOtherSessions, async ({ actor, request }) => ({
    success: true as const,
    revoked: await revokeOtherSessions(request.em, actor),
  }));

  route(accountRoutes.getEmailStatus, async ({ actor, request, reply }) => {
    reply.header('cache-control', 'no-store');
    return getEmailStatus(request.em, actor);
  });

  route(accountRoutes.requestEmailChange, async ({ actor, body, request, reply }) => {
    const status = await requestEmailChange(request.em, deps, actor, body, requestMeta(request, config));
    return reply.code(202).send(status);
  });

  route(accountRoutes.cancelEmailChange, async ({ actor, request }) => cancelEmailChange(request.em, actor));

  route(accountRoutes.resendVerification, async ({ actor, request }) => {
    await resendVerificationEmail(request.em, deps, actor, requestMeta(request, config));
    return { success: true as const, message: VERIFICATION_SENT_MESSAGE };
  });

  route(accountRoutes.confirmEmail, async ({ body, request }) =>
    confirmEmail(request.em, deps, body.token, presentedTokenHashes(request)),
  );
}
