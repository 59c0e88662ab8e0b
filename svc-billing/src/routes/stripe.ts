import { z } from 'zod';
import { billingRoutes, ZCheckoutBody } from '@dealflow/contracts';
import { SESSION_COOKIE, type TRouter } from '@dealflow/service-kit';
import type { TBillingDeps } from '../deps.js';
import { autoLogin } from '../use-cases/auto-login.js';
import { changeSubscription } from '../use-cases/change-subscription.js';
import { startCheckout } from '../use-cases/create-checkout.js';
import { createPortalSession } from '../use-cases/create-portal-session.js';
import { getSubscription } from '../use-cases/get-subscription.js';
import { getUsage } from '../use-cases/get-usage.js';

const SESSION_MAX_AGE_SECONDS = 30 * 24 * 3600;

/** The checkout body is optional: no body means the one-time purchase. */
const checkoutRoute = { ...billingRoutes.checkout, body: z.preprocess((v) => v ?? {}, ZCheckoutBody) };

export function stripeRoutes({ route }: TRouter, deps: TBillingDeps) {
  route(checkoutRoute, async ({ actor, body }) => startCheckout(deps, actor, body));

  route(billingRoutes.portal, async ({ actor }) => createPortalSession(deps, actor.orgId));

  route(billingRoutes.subscription, async ({ actor, request }) => getSubscription(request.em, actor.orgId));

  route(billingRoutes.changeSubscription, async ({ actor, body, request }) => {
    await changeSubscription(deps, actor.orgId, body, actor.userId);
    return getSubscription(request.em.fork(), actor.orgId);
  });

  route(billingRoutes.usage, async ({ actor, request }) => getUsage(request.em, actor.orgId));

  const secure = deps.config.NODE_ENV === 'production' ? '; Secure' : '';
  for (const def of [billingRoutes.autoLogin, billingRoutes.autoLoginAlt]) {
    route(def, async ({ body, reply }) => {
      const { user, sessionId } = await autoLogin(deps, body.sessionId);
      reply.header(
        'set-cookie',
        `${SESSION_COOKIE}=${encodeURIComponent(sessionId)}; Path=/; Max-Age=${SESSION_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure}`,
      );
      return { success: true, user, message: 'Signed in after checkout', sessionId };
    });
  }
}
