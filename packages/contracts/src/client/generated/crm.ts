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
export const getPipeline = /* @__PURE__ */ endpoint('crm', 'getPipeline', 'GET', '/api/pipeline/stages', 0);
export const putPipeline = /* @__PURE__ */ endpoint('crm', 'putPipeline', 'PUT', '/api/pipeline/stages', 1);
export const listDeals = /* @__PURE__ */ endpoint('crm', 'listDeals', 'GET', '/api/deals', 2);
export const patchDeal = /* @__PURE__ */ endpoint('crm', 'patchDeal', 'PATCH', '/api/deals/:id', 2);
export const dealTimeline = /* @__PURE__ */ endpoint(
  'crm',
  'dealTimeline',
  'GET',
  '/api/deals/:id/timeline',
  2,
);
export const commentDeal = /* @__PURE__ */ endpoint(
  'crm',
  'commentDeal',
  'POST',
  '/api/deals/:id/comments',
  2,
);
export const getDealRating = /* @__PURE__ */ endpoint(
  'crm',
  'getDealRating',
  'GET',
  '/api/deals/:id/rating',
  2,
);
export const rateDeal = /* @__PURE__ */ endpoint('crm', 'rateDeal', 'PUT', '/api/deals/:id/rating', 2);
export const listWebhookEndpoints = /* @__PURE__ */ endpoint(
  'crm',
  'listWebhookEndpoints',
  'GET',
  '/api/webhook-endpoints',
  0,
);
export const createWebhookEndpoint = /* @__PURE__ */ endpoint(
  'crm',
  'createWebhookEndpoint',
  'POST',
  '/api/webhook-endpoints',
  1,
);
export const patchWebhookEndpoint = /* @__PURE__ */ endpoint(
  'crm',
  'patchWebhookEndpoint',
  'PATCH',
  '/api/webhook-endpoints/:id',
  2,
);
export const deleteWebhookEndpoint = /* @__PURE__ */ endpoint(
  'crm',
  'deleteWebhookEndpoint',
  'DELETE',
  '/api/webhook-endpoints/:id',
  2,
);
export const listWebhookDeliveries = /* @__PURE__ */ endpoint(
  'crm',
  'listWebhookDeliveries',
  'GET',
  '/api/webhook-endpoints/:id/deliveries',
  2,
);
export const testWebhookEndpoint = /* @__PURE__ */ endpoint(
  'crm',
  'testWebhookEndpoint',
  'POST',
  '/api/webhook-endpoints/:id/test',
  2,
);
export const getReplySettings = /* @__PURE__ */ endpoint(
  'crm',
  'getReplySettings',
  'GET',
  '/api/pipeline/reply-templates',
  0,
);
export const putReplySettings = /* @__PURE__ */ endpoint(
  'crm',
  'putReplySettings',
  'PUT',
  '/api/pipeline/reply-templates',
  1,
);
export const getReplyDraft = /* @__PURE__ */ endpoint(
  'crm',
  'getReplyDraft',
  'GET',
  '/api/deals/:id/reply-draft',
  2,
);
export const sendReply = /* @__PURE__ */ endpoint('crm', 'sendReply', 'POST', '/api/deals/:id/reply', 2);
