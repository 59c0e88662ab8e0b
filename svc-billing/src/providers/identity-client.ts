import type { z } from 'zod';
import {
  ZBuyerOrganizationResponse,
  ZInternalSessionResponse,
  ZProvisionBuyerResponse,
  type TBuyerOrganizationBody,
  type TBuyerOrganizationResponse,
  type TProvisionBuyerBody,
  type TProvisionBuyerResponse,
} from '@dealflow/contracts';
import { BillingError } from '../errors.js';

export interface IdentityClient {
  /** Asks identity to open a session for a user billing has verified (auto-login after checkout). */
  createSession(userId: number): Promise<z.infer<typeof ZInternalSessionResponse>>;
  /** A guest buyer's account (POST /internal/buyers): created, or the existing one's owner is emailed. */
  provisionBuyer(input: TProvisionBuyerBody): Promise<TProvisionBuyerResponse>;
  /**
   * The organization a guest subscriber owns (POST /internal/buyers/organization), created when they have
   * none. Identity alone decides it; a buyer who owns none they may subscribe gets BUYER_ORGANIZATION_REFUSED.
   */
  ensureBuyerOrganization(input: TBuyerOrganizationBody): Promise<TBuyerOrganizationResponse>;
}

export const createIdentityClient = (options: {
  baseUrl: string;
  internalToken: string;
}): IdentityClient => ({
  async createSession(userId) {
    let response: Response;
    try {
      response = await fetch(new URL('/internal/sessions', options.baseUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-internal-token': options.internalToken },
        body: JSON.stringify({ userId }),
        signal: AbortSignal.timeout(5_000),
      });
    } catch {
      throw new BillingError('IDENTITY_UNAVAILABLE');
    }
    if (response.status === 404) {
      throw new BillingError('CHECKOUT_ACCOUNT_GONE');
    }
    if (!response.ok) {
      throw new BillingError('IDENTITY_UNAVAILABLE', `The sign-in service answered ${response.status}`);
    }
    const parsed = ZInternalSessionResponse.safeParse(await response.json().catch(() => null));
    if (!parsed.success)
      throw new BillingError('IDENTITY_UNAVAILABLE', 'The sign-in service gave an invalid answer');
    return parsed.data;
  },
  async provisionBuyer(input) {
    let response: Response;
    try {
      response = await fetch(new URL('/internal/buyers', options.baseUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-internal-token': options.internalToken },
        body: JSON.stringify(input),
        signal: AbortSignal.timeout(5_000),
      });
    } catch {
      throw new BillingError('IDENTITY_UNAVAILABLE');
    }
    if (!response.ok) {
      throw new BillingError('IDENTITY_UNAVAILABLE', `The account service answered ${response.status}`);
    }
    const parsed = ZProvisionBuyerResponse.safeParse(await response.json().catch(() => null));
    if (!parsed.success)
      throw new BillingError('IDENTITY_UNAVAILABLE', 'The account service gave an invalid answer');
    return parsed.data;
  },
  async ensureBuyerOrganization(input) {
    let response: Response;
    try {
      response = await fetch(new URL('/internal/buyers/organization', options.baseUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-internal-token': options.internalToken },
        body: JSON.stringify(input),
        signal: AbortSignal.timeout(5_000),
      });
    } catch {
      throw new BillingError('IDENTITY_UNAVAILABLE');
    }
    if (response.status === 404) throw new BillingError('CHECKOUT_ACCOUNT_GONE');
    if (response.status === 409) {
      const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
      throw new BillingError(
        'BUYER_ORGANIZATION_REFUSED',
        typeof body?.message === 'string' ? body.message : undefined,
      );
    }
    if (!response.ok) {
      throw new BillingError('IDENTITY_UNAVAILABLE', `The account service answered ${response.status}`);
    }
    const parsed = ZBuyerOrganizationResponse.safeParse(await response.json().catch(() => null));
    if (!parsed.success)
      throw new BillingError('IDENTITY_UNAVAILABLE', 'The account service gave an invalid answer');
    return parsed.data;
  },
});
