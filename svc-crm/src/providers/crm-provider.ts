import type { TCrmProvider } from '../entities/index.js';
import { createAffinityClient, type TAffinityClient } from './affinity-client.js';
import type { EntityManager } from '@mikro-orm/core';
import type { TConfig } from '../config.js';
import type { TSecretBox } from '@dealflow/service-kit';
import { findAffinityConnection } from '../repositories/affinity-connection.repository.js';

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

export interface CrmDealUpdate extends CrmDealInput {
  /** The deal's id in the provider (the Affinity opportunity). */
  dealExternalId: string | null;
}

/** Where deals are created: the built-in CRM (crm's own tables) or Affinity. */
export interface CrmProvider {
  name: TCrmProvider;
  createDeal(input: CrmDealInput): Promise<CrmDealResult>;
  /**
   * A corrected deal: the provider's company takes the name and domain (found or created by domain when the
   * deal moved to a company the provider does not know yet), the deal its name and company, and the corrected
   * summary is added as a note. Returns the provider's company id.
   */
  updateDeal(input: CrmDealUpdate): Promise<{ companyExternalId: string | null }>;
}

export const builtinCrmProvider: CrmProvider = {
  name: 'builtin',
  createDeal: async () => ({ companyExternalId: null, dealExternalId: null, url: null }),
  // The built-in deal is crm's own row: nothing to tell anyone.
  updateDeal: async () => ({ companyExternalId: null }),
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
    async updateDeal(input) {
      const known = input.companyExternalId
        ? await client.findOrganization(Number(input.companyExternalId))
        : null;
      const onDomain = (org: { domain: string | null; domains: string[] }) =>
        org.domain?.toLowerCase() === input.domain ||
        org.domains.some((d) => d.toLowerCase() === input.domain);
      let organizationId: number;
      if (known && onDomain(known)) {
        // The company's organization is on the domain: a corrected company name renames it (not a global one).
        organizationId = known.id;
        if (!known.global && known.name !== input.companyName)
          await client.updateOrganization(known.id, { name: input.companyName, domain: input.domain });
      } else {
        // A new domain: Affinity's organization of that domain if it has one; else the company's own
        // organization follows it (a company corrected in place), else a new organization.
        const existing = await client.findOrganizationByDomain(input.domain);
        if (existing) organizationId = existing.id;
        else if (known && !known.global) {
          organizationId = known.id;
          await client.updateOrganization(known.id, { name: input.companyName, domain: input.domain });
        } else
          organizationId = (
            await client.createOrganization({ name: input.companyName, domain: input.domain })
          ).id;
      }
      if (input.dealExternalId) {
        const opportunityId = Number(input.dealExternalId);
        await client.updateOpportunity(opportunityId, { name: input.dealName, organizationId });
        await client.createNote({ content: input.summary, organizationId, opportunityId });
      }
      return { companyExternalId: String(organizationId) };
    },
  };
}

/** A stored key that does not open: each deal fails (the record says so) until the owner connects again. */
const unopenable = async (): Promise<never> => {
  throw new Error('The stored Affinity key cannot be opened: the owner must connect Affinity again');
};
const unopenableAffinityProvider: CrmProvider = {
  name: 'affinity',
  createDeal: unopenable,
  updateDeal: unopenable,
};

/** Each organization's CRM: its own Affinity account when its owner connected one, else the built-in CRM. */
export interface TCrmProviders {
  forOrganization(em: EntityManager, orgId: number): Promise<CrmProvider>;
}

/** The sealing context of an organization's Affinity key: a key copied to another organization's row fails. */
export const affinityKeyContext = (orgId: number) => `org:${orgId}:affinity`;

export function createCrmProviders(
  affinity: TConfig['affinity'],
  secretBox: TSecretBox | null,
): TCrmProviders {
  // One client per organization and stored key, kept so its rate-limit budget lasts across deals.
  const clients = new Map<
    number,
    { sealed: string; listId: number; webUrl: string; provider: CrmProvider }
  >();
  return {
    async forOrganization(em, orgId) {
      const connection = secretBox ? await findAffinityConnection(em, orgId) : null;
      if (!connection || !secretBox) {
        clients.delete(orgId);
        return builtinCrmProvider;
      }
      const held = clients.get(orgId);
      if (
        held &&
        held.sealed === connection.apiKeySealed &&
        held.listId === connection.listId &&
        held.webUrl === connection.webUrl
      )
        return held.provider;
      let apiKey: string;
      try {
        apiKey = secretBox.decrypt(connection.apiKeySealed, affinityKeyContext(orgId));
      } catch {
        // Sealed for another organization (a copied row) or with another CRM_ENCRYPTION_KEY: never used.
        return unopenableAffinityProvider;
      }
      const client = createAffinityClient({
        apiKey,
        baseUrl: affinity.baseUrl,
        maxRequestsPerMinute: affinity.maxRequestsPerMinute,
      });
      const provider = createAffinityCrmProvider(client, {
        listId: connection.listId,
        webUrl: connection.webUrl,
      });
      clients.set(orgId, {
        sealed: connection.apiKeySealed,
        listId: connection.listId,
        webUrl: connection.webUrl,
        provider,
      });
      return provider;
    },
  };
}
