import type { TCrmProvider } from '../entities/index.js';
import { createAffinityClient, type TAffinityClient } from './affinity-client.js';
import type { TConfig } from '../config.js';

export interface CrmDealInput {
  companyName: string;
  domain: string;
  /** The company's id in the provider, when a previous deck already found or created it. */
  companyExternalId: string | null;
  dealName: string;
  summary: string;
}

export interface CrmDealResult {
  companyExternalId: string | null;
  dealExternalId: string | null;
  /** Provider URL of the deal; null means "link to the built-in deal view". */
  url: string | null;
}

/** Where deals are created: the built-in CRM (crm's own tables) or Affinity. */
export interface CrmProvider {
  name: TCrmProvider;
  createDeal(input: CrmDealInput): Promise<CrmDealResult>;
}

export const builtinCrmProvider: CrmProvider = {
  name: 'builtin',
  createDeal: async () => ({ companyExternalId: null, dealExternalId: null, url: null }),
};

export function createAffinityCrmProvider(
  client: TAffinityClient,
  options: { listId: number; webUrl: string },
): CrmProvider {
  return {
    name: 'affinity',
    async createDeal(input) {
      let organizationId = input.companyExternalId ? Number(input.companyExternalId) : null;
      if (!organizationId) {
        const existing = await client.findOrganizationByDomain(input.domain);
        organizationId =
          existing?.id ??
          (await client.createOrganization({ name: input.companyName, domain: input.domain })).id;
      }
      const opportunity = await client.createOpportunity({
        name: input.dealName,
        listId: options.listId,
        organizationId,
      });
      await client.createNote({ content: input.summary, organizationId, opportunityId: opportunity.id });
      return {
        companyExternalId: String(organizationId),
        dealExternalId: String(opportunity.id),
        url: `${options.webUrl.replace(/\/$/, '')}/opportunities/${opportunity.id}`,
      };
    },
  };
}

export function createCrmProvider(affinity: TConfig['affinity']): CrmProvider {
  if (!affinity.apiKey || !affinity.listId) return builtinCrmProvider;
  const client = createAffinityClient({
    apiKey: affinity.apiKey,
    baseUrl: affinity.baseUrl,
    maxRequestsPerMinute: affinity.maxRequestsPerMinute,
  });
  return createAffinityCrmProvider(client, { listId: affinity.listId, webUrl: affinity.webUrl });
}
