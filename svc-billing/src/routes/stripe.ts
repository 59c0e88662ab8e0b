import { z } from 'zod';
import { billingRoutes, ZCheckoutBody } from '@dealflow/contracts';
import {
  requireOrganization,
  requireOwner,
  requireSession,
  route,
  SESSION_COOKIE,
  type ServiceApp,
} from '@dealflow/service-kit';
import type { FastifyReply } from 'fastify';
import type { TBillingDeps } from '../deps.js';
import { BillingError } from '../errors.js';
import { autoLogin } from '../use-cases/auto-login.js';
import { changeSubscription } from '../use-cases/change-subscription.js';
import { createPurchaseCheckout, createSubscriptionCheckout } from '../use-cases/create-checkout.js';
import { createPortalSession } from '../use-cases/create-portal-session.js';
import { getSubscription } from '../use-cases/get-subscription.js';
import { getUsage } from '../use-cases/get-usage.js';

const SESSION_MAX_AGE_SECONDS = 30 * 24 * 3600;

/** The checkout body is optional: no body means the one-time purchase. */
const checkoutRoute = { ...billingRoutes.checkout, body: z.preprocess((v) => v ?? {}, ZCheckoutBody) };

export function registerStripeRoutes(app: ServiceApp, deps: () => TBillingDeps) {
  route(app, checkoutRoute, async (request) => {
    const identity = requireSession(request);
    const body = request.body;
    if (body.plan && body.billingCycle) {
      if (identity.orgId === null) {
        throw new BillingError('NO_ORGANIZATION', 'No organization found. Please refresh and try again.');
      }
      if (identity.role !== 'owner') {
        throw new BillingError('NOT_OWNER', 'Only the organization owner can manage billing');
      }
      const session = await createSubscriptionCheckout(
        deps(),
        { ...identity, orgId: identity.orgId },
        {
          plan: body.plan,
          billingCycle: body.billingCycle,
        },
      );
      return { url: session.url ?? '', sessionId: session.id };
    }
    const session = await createPurchaseCheckout(deps(), identity);
    return { url: session.url ?? '', sessionId: session.id };
  });

  route(app, billingRoutes.portal, async (request) => {
    const identity = requireOwner(request);
    return createPortalSession(deps(), identity.orgId);
  });

  route(app, billingRoutes.subscription, async (request) => {
    const identity = requireOrganization(request);
    return getSubscription(request.em, identity.orgId);
  });

  route(app, billingRoutes.changeSubscription, async (request) => {
    const identity = requireOwner(request);
    await changeSubscription(deps(), identity.orgId, request.body, identity.userId);
    return getSubscription(request.em.fork(), identity.orgId);
  });

  route(app, billingRoutes.usage, async (request) => {
    const identity = requireOrganization(request);
    return getUsage(request.em, identity.orgId);
  });

  const handleAutoLogin = async (request: { body: { sessionId: string } }, reply: FastifyReply) => {
    const { user, sessionId } = await autoLogin(deps(), request.body.sessionId);
    const secure = deps().config.NODE_ENV === 'production' ? '; Secure' : '';
    reply.header(
      'set-cookie',
      `${SESSION_COOKIE}=${encodeURIComponent(sessionId)}; Path=/; Max-Age=${SESSION_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure}`,
    );
    return { success: true, user, message: 'Signed in after checkout', sessionId };
  };
  route(app, billingRoutes.autoLogin, handleAutoLogin);
  route(app, billingRoutes.autoLoginAlt, handleAutoLogin);
}
