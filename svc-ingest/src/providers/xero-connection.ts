import { createRequire } from 'node:module';
import { XeroClient, type Contact } from 'xero-node';

/**
 * Integration 2 through Xero's official Node SDK (xero-node) with a custom connection: the OAuth 2.0
 * client credentials grant (client id and secret, no user redirect), one organisation per connection.
 *
 * Tests point the SDK at a local stand-in: the Accounting API through its generated class's basePath,
 * the token endpoint and GET /connections (which the SDK calls at fixed https://identity.xero.com and
 * https://api.xero.com addresses with its own axios) through a request interceptor on that axios that
 * only rewrites those two origins. Config refuses the overrides in production.
 */

export interface TXeroHosts {
  identityUrl?: string | undefined;
  apiUrl?: string | undefined;
}

export interface TXeroContactInput {
  /** DealFlow's key of the company (its name, trimmed and lower-cased). */
  key: string;
  contactId: string | null;
  name: string;
  website: string | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
}

/** Xero's answer for one contact; `contactId` of a refusal is the one that was sent (an update), if any. */
export type TXeroContactResult =
  | { key: string; ok: true; contactId: string; created: boolean }
  | { key: string; ok: false; contactId: string | null; error: string };

/** A refusal from Xero, with only what a person may see (never tokens, headers or bodies). */
export class XeroFailure extends Error {
  constructor(
    readonly kind: 'credentials' | 'rate-limit' | 'unavailable',
    message: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

const XERO_IDENTITY = 'https://identity.xero.com';
const XERO_API = 'https://api.xero.com';
const hosts: TXeroHosts = {};
let interceptorInstalled = false;

function pointSdkAt(target: TXeroHosts) {
  hosts.identityUrl = target.identityUrl;
  hosts.apiUrl = target.apiUrl;
  if (interceptorInstalled || (!target.identityUrl && !target.apiUrl)) return;
  // The SDK's own axios (the instance xero-node requires), not a copy.
  const sdkRequire = createRequire(createRequire(import.meta.url).resolve('xero-node'));
  const axios = sdkRequire('axios') as {
    interceptors: { request: { use: (f: (c: { url?: string }) => { url?: string }) => void } };
  };
  axios.interceptors.request.use((request) => {
    const url = request.url ?? '';
    if (hosts.identityUrl && url.startsWith(XERO_IDENTITY))
      request.url = hosts.identityUrl + url.slice(XERO_IDENTITY.length);
    else if (hosts.apiUrl && url.startsWith(XERO_API))
      request.url = hosts.apiUrl + url.slice(XERO_API.length);
    return request;
  });
  interceptorInstalled = true;
}

interface TSdkError {
  response?: { statusCode?: number; status?: number; headers?: Record<string, string>; body?: unknown };
  body?: unknown;
}

/** The SDK rejects with a JSON string (generated APIs) or an object (token, connections). */
function readSdkError(error: unknown): {
  status: number | null;
  headers: Record<string, string>;
  body: unknown;
} {
  let parsed: TSdkError | null = null;
  if (typeof error === 'string') {
    try {
      parsed = JSON.parse(error) as TSdkError;
    } catch {
      parsed = null;
    }
  } else if (error && typeof error === 'object') parsed = error as TSdkError;
  const response = parsed?.response;
  return {
    status: response?.statusCode ?? response?.status ?? null,
    headers: response?.headers ?? {},
    body: response?.body ?? (response as { data?: unknown } | undefined)?.data ?? parsed?.body,
  };
}

function toFailure(error: unknown): XeroFailure {
  if (error instanceof XeroFailure) return error;
  const { status, headers, body } = readSdkError(error);
  if (status === 429) {
    const retry = Number(headers['retry-after']);
    return new XeroFailure(
      'rate-limit',
      "Xero's rate limit was reached; the sync stopped and will try again later",
      Number.isFinite(retry) ? retry : null,
    );
  }
  const invalidClient =
    status === 401 ||
    (status === 400 && (body as { error?: string } | undefined)?.error === 'invalid_client');
  if (invalidClient) return new XeroFailure('credentials', 'Xero refused the Client ID and Client Secret');
  return new XeroFailure('unavailable', status ? `Xero answered ${status}` : 'Xero could not be reached');
}

const firstValidationMessage = (contact: Contact) =>
  contact.validationErrors?.[0]?.message ?? 'Xero refused this contact';

export function createXeroConnection(
  credentials: { clientId: string; clientSecret: string },
  target: TXeroHosts = {},
) {
  pointSdkAt(target);
  const xero = new XeroClient({
    clientId: credentials.clientId,
    clientSecret: credentials.clientSecret,
    grantType: 'client_credentials',
  });
  if (target.apiUrl) xero.accountingApi.basePath = `${target.apiUrl}/api.xro/2.0`;
  // A custom connection is bound to one organisation; Xero accepts an empty tenant header for it.
  let tenantId = '';

  /** Token (client credentials) and the organisation it reaches; a wrong pair is 'credentials'. */
  async function connect(): Promise<{ tenantName: string | null }> {
    try {
      await xero.getClientCredentialsToken();
      const tenants = (await xero.updateTenants(false)) as { tenantId: string; tenantName?: string }[];
      tenantId = tenants[0]?.tenantId ?? '';
      return { tenantName: tenants[0]?.tenantName ?? null };
    } catch (error) {
      throw toFailure(error);
    }
  }

  /** Xero's contacts by name (lower-cased), paged 100 at a time. */
  async function contactIdsByName(): Promise<Map<string, string>> {
    const byName = new Map<string, string>();
    for (let page = 1; ; page += 1) {
      const answer = await xero.accountingApi
        .getContacts(tenantId, undefined, undefined, 'Name ASC', undefined, page, false, true, undefined, 100)
        .catch((error: unknown) => {
          throw toFailure(error);
        });
      const contacts = answer.body.contacts ?? [];
      for (const c of contacts)
        if (c.name && c.contactID) byName.set(c.name.trim().toLowerCase(), c.contactID);
      if (contacts.length < 100) return byName;
    }
  }

  /**
   * Creates or updates each contact in one POST /Contacts (summarizeErrors=false: one refused contact
   * does not fail the others). A contact without a stored ContactID is matched by name first.
   */
  async function pushContacts(inputs: TXeroContactInput[]): Promise<TXeroContactResult[]> {
    if (inputs.length === 0) return [];
    const byName = await contactIdsByName();
    const batch = inputs.map((input) => {
      const contactID = input.contactId ?? byName.get(input.key) ?? undefined;
      return {
        input,
        created: !contactID,
        contact: {
          ...(contactID && { contactID }),
          name: input.name,
          ...(input.website && { website: input.website }),
          ...(input.email && { emailAddress: input.email }),
          ...(input.firstName && { firstName: input.firstName }),
          ...(input.lastName && { lastName: input.lastName }),
        } as Contact,
      };
    });
    const answer = await xero.accountingApi
      .updateOrCreateContacts(tenantId, { contacts: batch.map((b) => b.contact) }, false)
      .catch((error: unknown) => {
        throw toFailure(error);
      });
    const returned = answer.body.contacts ?? [];
    return batch.map(({ input, created, contact: sent }, i): TXeroContactResult => {
      const contact = returned[i];
      const sentId = sent.contactID ?? null;
      if (!contact)
        return {
          key: input.key,
          ok: false,
          contactId: sentId,
          error: 'Xero did not answer for this contact',
        };
      const failed =
        (contact.validationErrors?.length ?? 0) > 0 || String(contact.statusAttributeString) === 'ERROR';
      if (failed || !contact.contactID)
        return { key: input.key, ok: false, contactId: sentId, error: firstValidationMessage(contact) };
      return { key: input.key, ok: true, contactId: contact.contactID, created };
    });
  }

  return { connect, pushContacts };
}

export type TXeroConnection = ReturnType<typeof createXeroConnection>;
