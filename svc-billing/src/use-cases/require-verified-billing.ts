import { requireVerifiedSession, type Identity } from '@dealflow/service-kit';
import { BillingError } from '../errors.js';

/**
 * Changing billing (plan, cycle, cancel, reactivate) and the portal (card, invoices, cancel) need a proven
 * address, for everyone, and a session that proved it: a guest checkout's auto-login opens an unverified one
 * (claim `uv`) until the emailed link is used (issue 20). 403 with the table's message, or the kit's.
 */
export function requireVerifiedBilling(actor: Identity): void {
  if (!actor.emailVerified) throw new BillingError('BILLING_EMAIL_NOT_VERIFIED');
  requireVerifiedSession(actor);
}
