// Generated from serviceRoutes.crm by `npm run generate -w @dealflow/contracts`: do not edit.
// Method, path and input shape only; the types come from the route table, the schemas never ship.
import { endpoint } from '../endpoint.js';

export const getDeal = /* @__PURE__ */ endpoint('crm', 'getDeal', 'GET', '/api/deals/by-email/:id', 2);
export const getDealById = /* @__PURE__ */ endpoint('crm', 'getDealById', 'GET', '/api/deals/:id', 2);
export const analysis = /* @__PURE__ */ endpoint('crm', 'analysis', 'POST', '/api/analysis/:id', 2);
export const getAffinityConnection = /* @__PURE__ */ endpoint(
  'crm',
  'getAffinityConnection',
  'GET',
  '/api/crm/affinity',
  0,
);
export const connectAffinity = /* @__PURE__ */ endpoint(
  'crm',
  'connectAffinity',
  'PUT',
  '/api/crm/affinity',
  1,
);
export const disconnectAffinity = /* @__PURE__ */ endpoint(
  'crm',
  'disconnectAffinity',
  'DELETE',
  '/api/crm/affinity',
  0,
);
