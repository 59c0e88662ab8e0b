// Generated from serviceRoutes.billing by `npm run generate -w @dealflow/contracts`: do not edit.
// Method, path and input shape only; the types come from the route table, the schemas never ship.
import { endpoint } from '../endpoint.js';

export const checkout = /* @__PURE__ */ endpoint('billing', 'checkout', 'POST', '/api/stripe/checkout', 1);
export const portal = /* @__PURE__ */ endpoint('billing', 'portal', 'POST', '/api/stripe/portal', 0);
export const subscription = /* @__PURE__ */ endpoint(
  'billing',
  'subscription',
  'GET',
  '/api/stripe/subscription',
  0,
);
export const usage = /* @__PURE__ */ endpoint('billing', 'usage', 'GET', '/api/stripe/usage', 0);
export const autoLogin = /* @__PURE__ */ endpoint(
  'billing',
  'autoLogin',
  'POST',
  '/api/stripe/auto-login',
  1,
);
export const autoLoginAlt = /* @__PURE__ */ endpoint(
  'billing',
  'autoLoginAlt',
  'POST',
  '/api/billing/auto-login',
  1,
);
export const claimPurchase = /* @__PURE__ */ endpoint(
  'billing',
  'claimPurchase',
  'POST',
  '/api/billing/claim-purchase',
  1,
);
export const changeSubscription = /* @__PURE__ */ endpoint(
  'billing',
  'changeSubscription',
  'PATCH',
  '/api/stripe/subscription',
  1,
);
export const invoices = /* @__PURE__ */ endpoint('billing', 'invoices', 'GET', '/api/billing/invoices', 0);
export const licence = /* @__PURE__ */ endpoint('billing', 'licence', 'GET', '/api/billing/licence', 0);
export const downloadTemplate = /* @__PURE__ */ endpoint(
  'billing',
  'downloadTemplate',
  'GET',
  '/api/billing/licence/versions/:version/archive',
  2,
);
