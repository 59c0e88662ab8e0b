// No date-fns here: the landing page's PurchaseButton imports this module (dates live in dates.ts).

/** Every message of seed 001 sections 2, 4 and 8 that the billing screens show. */
export const BillingTexts = {
  title: 'Billing and Subscription',
  currentSubscription: 'Current Subscription',
  chooseAPlan: 'Choose a Plan',
  /** Seed 001 labels annual 'Save 20%' (Pro: $480 vs 12 x $50, exactly 20%); Basic saves 17% ($300 vs $360). */
  saveLabel: 'Save 20%',
  popular: 'Popular',
  loadError: 'Error loading subscription data',
  checkoutFailed: 'Failed to create checkout session. Please try again.',
  noOrganization: 'No organization found. Please refresh and try again.',
  unexpected: 'Something went wrong. Please try again later.',
  checkoutErrorTitle: 'Checkout Error',
  portalErrorTitle: 'Billing Portal Error',
  portalErrorGeneric: 'Could not open the billing portal. Please try again.',
  manageBilling: 'Manage Billing',
  ownerOnly: 'Only the organization owner can manage billing.',
  trialTitle: 'Free trial',
  licenseTitle: 'Standard License',
  licenseText:
    'One-time $50: full source code of the template, single-project use, 6 months of updates and documentation.',
} as const;

/** The purchase button's texts (seed 000 sections 2 and 8). */
export const PurchaseTexts = {
  processing: 'Processing...',
  errorTitle: 'Checkout Error',
  errorDefault: 'There was a problem initiating checkout. Please try again.',
  invalidResponse: 'Invalid response from server',
  noUrl: 'No checkout URL provided',
} as const;

/** The dashboard access panel (seed 001 section 2; issue 20: the template is downloaded from here). */
export const AccessTexts = {
  granted: 'Access Granted',
  getAccessTitle: 'Get Access to the Template',
  getAccessText:
    'You need to purchase access to the template to view the getting started guide and download the template.',
  purchaseAccess: 'Purchase Access',
  happyBuilding: 'Happy building!',
  getTemplateNow: 'Get Template Now',
  openingTemplate: 'Downloading the template',
  paymentTitle: 'Payment Successful!',
  paymentText: 'Thank you for your purchase. You now have access to the template.',
  licenceKey: 'Your licence key',
  copyKey: 'Copy licence key',
  copied: 'Licence key copied',
  versionsTitle: 'Downloads',
  noVersions: 'No version of the template has been released yet. You will find it here once it is.',
  loadError: 'Your licence could not be loaded. Please try again.',
  guide: 'Getting started guide',
  terms: 'Licence terms',
} as const;

/** The confirmation of a guest purchase made with an existing account's address (issue 14). */
export const ClaimTexts = {
  title: 'Confirm your purchase',
  text: 'Someone bought the template licence with this email address. If it was you, add it to your account.',
  confirm: 'Add the purchase to my account',
  working: 'Processing...',
  failed: 'The purchase could not be linked. Please try again.',
  toLogin: 'Log in',
  toDashboard: 'Go to Dashboard',
} as const;

export const statusLabel = (status: string | null | undefined) =>
  status ? status.charAt(0).toUpperCase() + status.slice(1).replace(/_/g, ' ') : 'Active';

/** Moves the browser; a seam so tests can see where it would go. */
export const browser = {
  assign: (url: string) => window.location.assign(url),
  open: (url: string) => window.open(url, '_blank', 'noopener,noreferrer'),
};

export const CHECKOUT_REDIRECT_DELAY_MS = 1000;
export const PORTAL_ERROR_DURATION_MS = 5000;
