import type { z } from 'zod';
import {
  ZBuyerOrganizationResponse,
  ZInternalSessionResponse,
  ZMembershipsResponse,
  ZProvisionBuyerResponse,
  internalRoutes,
  type TBuyerOrganizationBody,
  type TBuyerOrganizationResponse,
  type TMembershipsResponse,
  type TProvisionBuyerBody,
  type TProvisionBuyerResponse,
} from '@dealflow/contracts';
import { INTERNAL_TOKEN_HEADER, UpstreamGroup } from '@dealflow/service-kit';
import { BillingError } from '../errors.js';

export interface IdentityClient {
  /**
   * Asks identity to open a session for a user billing has verified (auto-login after checkout); `unverified`
   * for a guest's checkout (the session carries claim `uv` until the emailed link is used, issue 20).
   */
  createSession(
    userId: number,
    options?: { unverified?: boolean },
  ): Promise<z.infer<typeof ZInternalSessionResponse>>;
  /** A guest buyer's account (POST /internal/buyers): created, or the existing one's owner is emailed. */
  provisionBuyer(input: TProvisionBuyerBody): Promise<TProvisionBuyerResponse>;
  /**
   * The organization a guest subscriber owns (POST /internal/buyers/organization), created when they have
   * none. Identity alone decides it; a buyer who owns none they may subscribe gets BUYER_ORGANIZATION_REFUSED.
   */
  ensureBuyerOrganization(input: TBuyerOrganizationBody): Promise<TBuyerOrganizationResponse>;
  /** A page of every organization's member count and membership version (GET /internal/organizations/memberships). */
  listMemberships(afterId: number, limit: number): Promise<TMembershipsResponse>;
  close(): Promise<void>;
}

/**
 * svc-identity's internal routes over service-kit's UpstreamGroup (the gateway's pool): `urls` is one URL (a
 * cluster's Service) or every local instance, spread round-robin, those whose /readyz fails skipped, a
 * refused connection tried on the next instance. The POSTs create something: a connection reset after sending
 * is not repeated (the error below), only one that never reached an instance.
 */
export const createIdentityClient = (options: {
  urls: readonly string[];
  internalToken: string;
  /** How often each instance's /readyz is asked when there are several (0: never). */
  healthIntervalMs?: number;
  timeoutMs?: number;
}): IdentityClient => {
  const pool = new UpstreamGroup(options.urls, {
    connections: 8,
    timeoutMs: options.timeoutMs ?? 5_000,
    healthIntervalMs: options.healthIntervalMs ?? 1_000,
  });
  const post = (path: string, body: unknown) => send('POST', path, body);
  const send = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    try {
      const response = await pool.request({
        path,
        method,
        headers: {
          [INTERNAL_TOKEN_HEADER]: options.internalToken,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json: unknown = await response.body.json().catch(() => null);
      return { status: response.statusCode, json };
    } catch {
      throw new BillingError('IDENTITY_UNAVAILABLE');
    }
  };
  /** A 2xx answer that matches its contract, else IDENTITY_UNAVAILABLE naming `who` (the service as people know it). */
  const answer = <T>(
    schema: z.ZodType<T>,
    { status, json }: { status: number; json: unknown },
    who: string,
  ) => {
    if (status < 200 || status >= 300)
      throw new BillingError('IDENTITY_UNAVAILABLE', `The ${who} service answered ${status}`);
    const parsed = schema.safeParse(json);
    if (!parsed.success)
      throw new BillingError('IDENTITY_UNAVAILABLE', `The ${who} service gave an invalid answer`);
    return parsed.data;
  };
  return {
    async createSession(userId, options = {}) {
      const { status, json } = await post(internalRoutes.createSession.path, {
        userId,
        unverified: options.unverified === true,
      });
      if (status === 404) throw new BillingError('CHECKOUT_ACCOUNT_GONE');
      return answer(ZInternalSessionResponse, { status, json }, 'sign-in');
    },
    async provisionBuyer(input) {
      const { status, json } = await post(internalRoutes.provisionBuyer.path, input);
      return answer(ZProvisionBuyerResponse, { status, json }, 'account');
    },
    async ensureBuyerOrganization(input) {
      const { status, json } = await post(internalRoutes.buyerOrganization.path, input);
      if (status === 404) throw new BillingError('CHECKOUT_ACCOUNT_GONE');
      if (status === 409) {
        const message = (json as { message?: unknown } | null)?.message;
        throw new BillingError(
          'BUYER_ORGANIZATION_REFUSED',
          typeof message === 'string' ? message : undefined,
        );
      }
      return answer(ZBuyerOrganizationResponse, { status, json }, 'account');
    },
    async listMemberships(afterId, limit) {
      const query = new URLSearchParams({ afterId: String(afterId), limit: String(limit) });
      const { status, json } = await send('GET', `${internalRoutes.memberships.path}?${query}`);
      return answer(ZMembershipsResponse, { status, json }, 'account');
    },
    close: () => pool.close(),
  };
};
