import { defineErrors } from '@dealflow/service-kit';

/**
 * Billing's own error codes: code -> HTTP status and the message people see. The shared ones
 * (NO_ORGANIZATION, NOT_OWNER, EMAIL_NOT_VERIFIED, ...) come from @dealflow/contracts/errors, one status each.
 */
/** An unverified account may sign in, not buy (issue 15); the pages explain before ever calling (defence in depth). */
export const BUY_NEEDS_VERIFIED_EMAIL =
  'Verify your email to start your trial or buy: open the link we sent to your address, or send a new one.';
/** A subscription checkout without an organization (the shared NO_ORGANIZATION, 403). */
export const CHECKOUT_NEEDS_ORGANIZATION = 'No organization found. Please refresh and try again.';

export const BillingError = defineErrors('BillingError', {
  PLAN_UNKNOWN: { status: 400, message: 'Unknown plan or billing cycle' },
  PORTAL_ACTION_UNKNOWN: { status: 400, message: 'Unknown portal action' },
  /** A guest gives the address first: the checkout is created with it locked (issue 20). */
  GUEST_EMAIL_REQUIRED: { status: 400, message: 'Enter your email address to buy without an account.' },
  CLAIM_TOKEN_INVALID: { status: 404, message: 'This link is invalid or has already been used.' },
  CLAIM_TOKEN_EXPIRED: { status: 410, message: 'This link has expired. Please contact support.' },
  CHECKOUT_OTHER_BROWSER: {
    status: 403,
    message: 'This checkout was started in another browser. Please log in.',
  },
  SIGNATURE_INVALID: { status: 400, message: 'Webhook signature verification failed' },
  STRIPE_NOT_CONFIGURED: {
    status: 400,
    message: 'Stripe is not configured: the embedded provider is in use',
  },
  SIGNATURE_MISSING: { status: 400, message: 'Missing Stripe-Signature header or body' },
  /** Plan changes, cancelling and the portal need a proven address, for everyone (issue 20). */
  BILLING_EMAIL_NOT_VERIFIED: {
    status: 403,
    message: 'Verify your email to change billing: open the link we sent to your address, or send a new one.',
  },
  TEST_CLOCK_REFUSED: {
    status: 403,
    message: 'The payment test clock is for development and tests only',
  },
  RECEIPT_LINK_INVALID: { status: 404, message: 'This receipt does not exist' },
  PORTAL_LINK_INVALID: { status: 403, message: 'This billing portal link is invalid or has expired' },
  CHECKOUT_SESSION_UNKNOWN: { status: 404, message: 'Unknown checkout session' },
  CHECKOUT_PAGE_UNKNOWN: { status: 404, message: 'This checkout session does not exist' },
  CHECKOUT_ACCOUNT_GONE: { status: 404, message: 'The account of this checkout no longer exists' },
  /** A guest's subscription goes only to an organization its buyer owns (identity decides which). */
  BUYER_ORGANIZATION_REFUSED: {
    status: 409,
    message:
      'This account belongs to another organization, so the subscription cannot be added to it. It has been canceled: nothing will be charged.',
  },
  NO_SUBSCRIPTION: { status: 404, message: 'The organization has no subscription to change' },
  PORTAL_NO_SUBSCRIPTION: { status: 404, message: 'There is no subscription to change' },
  NO_CUSTOMER: { status: 404, message: 'No billing account yet: choose a plan first' },
  CHECKOUT_SESSION_UNPAID: { status: 409, message: 'The payment for this checkout session is not complete' },
  ALREADY_SUBSCRIBED: {
    status: 409,
    message: 'The organization already has a subscription: change its plan in the billing portal',
  },
  CHECKOUT_SESSION_USED: { status: 410, message: 'This checkout session has already been used to sign in' },
  CHECKOUT_SESSION_TOO_OLD: {
    status: 410,
    message: 'This checkout session is too old to sign in with; please log in',
  },
  /** Issue 20: only a buyer of the template licence may see it and download the template. */
  LICENCE_REQUIRED: {
    status: 403,
    message: 'Buy the template licence to download the template.',
  },
  TEMPLATE_VERSION_UNKNOWN: {
    status: 404,
    message: 'This template version does not exist or is not covered by your licence.',
  },
  IDENTITY_UNAVAILABLE: {
    status: 502,
    message: 'Could not reach the sign-in service. Please log in manually.',
  },
});
