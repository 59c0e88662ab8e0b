import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { billingRoutes, ZCheckoutBody } from '@dealflow/contracts';
import { setSessionCookie, type TRouter } from '@dealflow/service-kit';
import type { TBillingDeps } from '../deps.js';
import { AUTO_LOGIN_WINDOW_MS, autoLogin } from '../use-cases/auto-login.js';
import { claimPurchase } from '../use-cases/claim-purchase.js';
import { changeSubscription } from '../use-cases/change-subscription.js';
import { startCheckout } from '../use-cases/create-checkout.js';
import { createPortalSession } from '../use-cases/create-portal-session.js';
import { getSubscription } from '../use-cases/get-subscription.js';
import { getUsage } from '../use-cases/get-usage.js';

/**
 * The HttpOnly key of the browser that starts a checkout (issue 12): the auto-login answers only to it, so
 * the checkout session id alone (in URLs, logs, Referer headers) signs nobody in. Path /api: both
 * auto-login routes are under it. One key per browser, kept across its checkouts.
 */
export const CHECKOUT_BROWSER_COOKIE = 'df_checkout';
const BROWSER_KEY = /^[A-Za-z0-9_-]{43}$/;

const readCookie = (header: string | undefined, name: string): string | undefined => {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
};

export const readBrowserKey = (cookieHeader: string | undefined) => {
  const value = readCookie(cookieHeader, CHECKOUT_BROWSER_COOKIE);
  return value && BROWSER_KEY.test(value) ? value : undefined;
};

/** The checkout body is optional: no body means the one-time purchase. */
const checkoutRoute = { ...billingRoutes.checkout, body: z.preprocess((v) => v ?? {}, ZCheckoutBody) };

export function stripeRoutes({ route }: TRouter, deps: TBillingDeps) {
  const secure = deps.config.NODE_ENV === 'production' ? '; Secure' : '';
  route(checkoutRoute, async ({ actor, body, request, reply }) => {
    const browserKey = readBrowserKey(request.headers.cookie) ?? randomBytes(32).toString('base64url');
    const answer = await startCheckout(request.em, actor, { ...body, browserKey }, deps);
    reply.header(
      'set-cookie',
      `${CHECKOUT_BROWSER_COOKIE}=${browserKey}; Path=/api; Max-Age=${AUTO_LOGIN_WINDOW_MS / 1000}; HttpOnly; SameSite=Lax${secure}`,
    );
    return answer;
  });

  route(billingRoutes.claimPurchase, async ({ body, request }) => claimPurchase(request.em, body, deps));

  route(billingRoutes.portal, async ({ actor, request }) => createPortalSession(request.em, actor, deps));

  route(billingRoutes.subscription, async ({ actor, request }) => getSubscription(request.em, actor.orgId));

  route(billingRoutes.changeSubscription, async ({ actor, body, request }) => {
    await changeSubscription(request.em, actor, body, deps);
    return getSubscription(request.em, actor.orgId);
  });

  route(billingRoutes.usage, async ({ actor, request }) => getUsage(request.em, actor.orgId));

  for (const def of [billingRoutes.autoLogin, billingRoutes.autoLoginAlt]) {
    route(def, async ({ body, request, reply }) => {
      const result = await autoLogin(
        request.em,
        { sessionId: body.sessionId, browserKey: readBrowserKey(request.headers.cookie) },
        deps,
      );
      // Not signed in (a guest whose address has an account): the seed's answer shape with success false.
      if (!result.signedIn) return { success: false, user: null, message: result.message };
      // The session travels only in the HttpOnly cookie, never in the JSON body (issue 12).
      reply.header(
        'set-cookie',
        `${CHECKOUT_BROWSER_COOKIE}=; Path=/api; Max-Age=0; HttpOnly; SameSite=Lax${secure}`,
      );
      // The kit's one session cookie, identity's rules (Secure on an https address, the session's lifetime).
      setSessionCookie(reply, result.sessionId, {
        publicUrl: deps.config.PUBLIC_URL,
        ttlDays: deps.config.SESSION_TTL_DAYS,
      });
      return {
        success: true,
        user: result.user,
        message: 'Signed in after checkout',
        purchase: result.purchase,
      };
    });
  }
}
