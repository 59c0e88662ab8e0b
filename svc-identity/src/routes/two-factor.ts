import type { TRouter } from '@dealflow/service-kit';
import { twoFactorRoutes } from '@dealflow/contracts';
import type { TActor, TIdentityDeps } from '../deps.js';
import { IdentityError } from '../errors.js';
import { getTwoFactorStatus } from '../use-cases/get-two-factor-status.js';
import { startTwoFactorSetup } from '../use-cases/start-two-factor-setup.js';
import { confirmTwoFactor } from '../use-cases/confirm-two-factor.js';
import { disableTwoFactor } from '../use-cases/disable-two-factor.js';
import { regenerateRecoveryCodes } from '../use-cases/regenerate-recovery-codes.js';
import { verifyTwoFactorSignIn } from '../use-cases/verify-two-factor-sign-in.js';
import {
  getOrganizationTwoFactor,
  updateOrganizationTwoFactor,
} from '../use-cases/organization-two-factor.js';
import { presentedTokenHashes, requestMeta, setSessionCookie } from './session-cookie.js';
import { clearChallengeCookie, readChallengeCookie } from './two-factor-cookie.js';
import { toSessionDto } from '../presenters.js';

/** Two-factor sign-in (TOTP): enrolment in Settings, the sign-in's second step, the organization's rule. */
export function twoFactorRoutesOf({ route }: TRouter<TActor>, deps: TIdentityDeps): void {
  const { config } = deps;
  const noStore = { 'cache-control': 'no-store' };

  route(twoFactorRoutes.twoFactorStatus, async ({ actor, request, reply }) => {
    reply.headers(noStore);
    return getTwoFactorStatus(request.em, actor);
  });

  route(twoFactorRoutes.startTwoFactorSetup, async ({ actor, request, reply }) => {
    reply.headers(noStore);
    return startTwoFactorSetup(request.em, deps, actor);
  });

  route(twoFactorRoutes.confirmTwoFactor, async ({ actor, body, request, reply }) => {
    reply.headers(noStore);
    return confirmTwoFactor(request.em, deps, actor, body);
  });

  route(twoFactorRoutes.disableTwoFactor, async ({ actor, body, request }) => {
    await disableTwoFactor(request.em, deps, actor, body, requestMeta(request, config));
    return { success: true as const };
  });

  route(twoFactorRoutes.regenerateRecoveryCodes, async ({ actor, body, request, reply }) => {
    reply.headers(noStore);
    return regenerateRecoveryCodes(request.em, deps, actor, body, requestMeta(request, config));
  });

  route(twoFactorRoutes.verifyTwoFactor, async ({ body, request, reply }) => {
    const [previousTokenHash] = presentedTokenHashes(request);
    let result;
    try {
      result = await verifyTwoFactorSignIn(
        request.em,
        deps,
        {
          challengeToken: readChallengeCookie(request),
          ...body,
          previousTokenHash: previousTokenHash ?? null,
        },
        requestMeta(request, config),
      );
    } catch (error) {
      // A dead challenge is of no further use to the browser.
      if (error instanceof IdentityError && error.code === 'SIGN_IN_CHALLENGE_EXPIRED')
        clearChallengeCookie(reply, config);
      throw error;
    }
    clearChallengeCookie(reply, config);
    setSessionCookie(reply, config, result.token);
    return toSessionDto(result.user, result.organization);
  });

  route(twoFactorRoutes.organizationTwoFactor, async ({ actor, request }) =>
    getOrganizationTwoFactor(request.em, actor),
  );

  route(twoFactorRoutes.updateOrganizationTwoFactor, async ({ actor, body, request }) =>
    updateOrganizationTwoFactor(request.em, actor, body),
  );
}
