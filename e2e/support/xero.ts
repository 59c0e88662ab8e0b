import { startXeroStandIn } from '../../svc-ingest/src/test/xero-stand-in.js';

/**
 * Xero for the Integration 2 spec: svc-ingest's stand-in (token endpoint, /connections, Accounting API
 * Contacts) with one custom connection's credentials, published to the tests as E2E_XERO_CLIENT_ID/SECRET.
 * svc-ingest reaches it through XERO_IDENTITY_URL / XERO_API_URL (test-only overrides).
 */
export const XERO_CLIENT_ID = 'E2ECUSTOMCONNECTIONCLIENT';
export const XERO_CLIENT_SECRET = 'e2e-custom-connection-secret';

export async function start() {
  const xero = await startXeroStandIn({
    clientId: XERO_CLIENT_ID,
    clientSecret: XERO_CLIENT_SECRET,
    tenantName: 'Demo Company (Global)',
  });
  process.env.E2E_XERO_CLIENT_ID = XERO_CLIENT_ID;
  process.env.E2E_XERO_CLIENT_SECRET = XERO_CLIENT_SECRET;
  return {
    env: { XERO_IDENTITY_URL: xero.url, XERO_API_URL: xero.url },
    stop: xero.close,
  };
}
