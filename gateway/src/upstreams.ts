import type { TGatewayConfig } from './config.js';

export type TUpstreamName = 'identity' | 'billing' | 'ingest' | 'crm';

/** Path prefix -> owning service (docs/CONVENTIONS.md, "Gateway routing"). A prefix matches whole segments. */
export const ROUTING_TABLE: ReadonlyArray<{ prefix: string; service: TUpstreamName }> = [
  { prefix: '/api/auth', service: 'identity' },
  { prefix: '/api/invitations', service: 'identity' },
  { prefix: '/api/organizations', service: 'identity' },
  { prefix: '/api/organization', service: 'identity' },
  { prefix: '/api/user', service: 'identity' },
  { prefix: '/api/settings', service: 'identity' },
  { prefix: '/api/config', service: 'identity' },
  { prefix: '/api/stripe', service: 'billing' },
  { prefix: '/api/billing', service: 'billing' },
  { prefix: '/webhooks/stripe', service: 'billing' },
  { prefix: '/pay', service: 'billing' },
  { prefix: '/api/emails', service: 'ingest' },
  { prefix: '/api/integrations', service: 'ingest' },
  { prefix: '/webhooks/mail', service: 'ingest' },
  { prefix: '/api/deals', service: 'crm' },
  { prefix: '/api/analysis', service: 'crm' },
];

/** The service owning `path` (no query string), or null. */
export function findUpstream(path: string): TUpstreamName | null {
  for (const { prefix, service } of ROUTING_TABLE) {
    if (path === prefix || (path.startsWith(prefix) && path.charCodeAt(prefix.length) === 47) /* / */) {
      return service;
    }
  }
  return null;
}

export function upstreamUrls(config: TGatewayConfig): Record<TUpstreamName, string> {
  return {
    identity: config.IDENTITY_URL,
    billing: config.BILLING_URL,
    ingest: config.INGEST_URL,
    crm: config.CRM_URL,
  };
}

/** The four Module Federation remotes: MF name, folder (URL segment) and their static server. */
export interface TRemote {
  name: 'mfe_auth' | 'mfe_team' | 'mfe_billing' | 'mfe_records';
  folder: 'mfe-auth' | 'mfe-team' | 'mfe-billing' | 'mfe-records';
  origin: string;
  manifest: string;
}

export function remotesFromConfig(config: TGatewayConfig): TRemote[] {
  const remote = (
    name: TRemote['name'],
    folder: TRemote['folder'],
    origin: string,
    manifest?: string,
  ): TRemote => ({
    name,
    folder,
    origin,
    manifest: manifest ?? `/remotes/${folder}/mf-manifest.json`,
  });
  return [
    remote('mfe_auth', 'mfe-auth', config.REMOTE_MFE_AUTH_URL, config.REMOTE_MFE_AUTH_MANIFEST),
    remote('mfe_team', 'mfe-team', config.REMOTE_MFE_TEAM_URL, config.REMOTE_MFE_TEAM_MANIFEST),
    remote('mfe_billing', 'mfe-billing', config.REMOTE_MFE_BILLING_URL, config.REMOTE_MFE_BILLING_MANIFEST),
    remote('mfe_records', 'mfe-records', config.REMOTE_MFE_RECORDS_URL, config.REMOTE_MFE_RECORDS_MANIFEST),
  ];
}
