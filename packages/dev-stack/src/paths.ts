import { fileURLToPath } from 'node:url';

/** The repository root (this file is packages/dev-stack/{src,dist}/paths.*). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export const SERVICE_NAMES = ['identity', 'billing', 'ingest', 'crm'] as const;
export type TStackService = (typeof SERVICE_NAMES)[number];

/** Deployables, their folders and documented ports (docs/CONVENTIONS.md). */
export const SERVICE_LAYOUT: Record<
  TStackService,
  { dir: string; port: number; database: string; urlEnv: string }
> = {
  identity: { dir: 'svc-identity', port: 4001, database: 'identity', urlEnv: 'IDENTITY_URL' },
  billing: { dir: 'svc-billing', port: 4002, database: 'billing', urlEnv: 'BILLING_URL' },
  ingest: { dir: 'svc-ingest', port: 4003, database: 'ingest', urlEnv: 'INGEST_URL' },
  crm: { dir: 'svc-crm', port: 4004, database: 'crm', urlEnv: 'CRM_URL' },
};

export const REMOTE_FOLDERS = ['mfe-auth', 'mfe-team', 'mfe-billing', 'mfe-records'] as const;
export type TRemoteFolder = (typeof REMOTE_FOLDERS)[number];

export const REMOTE_LAYOUT: Record<TRemoteFolder, { port: number; urlEnv: string }> = {
  'mfe-auth': { port: 5001, urlEnv: 'REMOTE_MFE_AUTH_URL' },
  'mfe-team': { port: 5002, urlEnv: 'REMOTE_MFE_TEAM_URL' },
  'mfe-billing': { port: 5003, urlEnv: 'REMOTE_MFE_BILLING_URL' },
  'mfe-records': { port: 5004, urlEnv: 'REMOTE_MFE_RECORDS_URL' },
};

export const GATEWAY_PORT = 3000;
