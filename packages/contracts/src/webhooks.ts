import { z } from 'zod';
import { defineRoutes } from './http.js';
import { ZErrorBody } from './records-base.js';
import { ZId } from './common.js';

/**
 * Outbound webhooks for customers (issue 23 item 5, Pro): an organization's endpoints receive its events,
 * signed as the Standard Webhooks specification says (`webhook-id`, `webhook-timestamp`, `webhook-signature`).
 */
export const WebhookEventTypes = [
  'record.completed',
  'deal.created',
  'deal.stage_changed',
  'comment.created',
] as const;
export const ZWebhookEventType = z.enum(WebhookEventTypes);
export type TWebhookEventType = z.infer<typeof ZWebhookEventType>;

export const ZWebhookEndpoint = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(ZWebhookEventType),
  enabled: z.boolean(),
  createdAt: z.string(),
});
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

/** The endpoint as created: its signing secret is answered this once and never again. */
export const ZCreatedWebhookEndpoint = ZWebhookEndpoint.extend({ secret: z.string() });
export type TCreatedWebhookEndpoint = z.infer<typeof ZCreatedWebhookEndpoint>;

export const ZWebhookEndpoints = z.object({ endpoints: z.array(ZWebhookEndpoint) });

const ZWebhookUrl = z
  .url('Enter the address that receives the webhooks, such as https://example.com/webhooks')
  .max(2000)
  .refine((u) => /^https?:\/\//i.test(u), 'The address must start with https://');

export const ZCreateWebhookEndpointBody = z.object({
  url: ZWebhookUrl,
  description: z.string().trim().max(200).optional(),
  events: z.array(ZWebhookEventType).min(1, 'Choose at least one event').max(WebhookEventTypes.length),
});
export type TCreateWebhookEndpointBody = z.infer<typeof ZCreateWebhookEndpointBody>;

export const ZPatchWebhookEndpointBody = z.object({
  url: ZWebhookUrl.optional(),
  description: z.string().trim().max(200).optional(),
  events: z.array(ZWebhookEventType).min(1, 'Choose at least one event').optional(),
  enabled: z.boolean().optional(),
});
export type TPatchWebhookEndpointBody = z.infer<typeof ZPatchWebhookEndpointBody>;

export const ZWebhookDelivery = z.object({
  id: z.number().int(),
  /** The `webhook-id` header: the same on every attempt of one delivery. */
  messageId: z.string(),
  eventType: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;
export const ZWebhookDeliveries = z.object({ deliveries: z.array(ZWebhookDelivery) });

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
const EndpointParams = z.object({ id: ZId });
const proOnly = {
  403: 'The organization is not on Pro (PLAN_REQUIRED), or the caller is not its owner.',
};

/** svc-crm's routes for the organization's webhook endpoints (owner only, Pro only). */
export const webhookRoutes = defineRoutes({
  listWebhookEndpoints: {
    method: 'GET',
    path: '/api/webhook-endpoints',
    summary: "The organization's webhook endpoints (never their secrets)",
    tag: 'crm',
    auth: 'owner',
    responses: { 200: ZWebhookEndpoints, ...errors },
    errors: proOnly,
  },
  createWebhookEndpoint: {
    method: 'POST',
    path: '/api/webhook-endpoints',
    summary: 'Add a webhook endpoint; its signing secret (whsec_...) is answered this once',
    description:
      'The events chosen are sent to the URL signed as the Standard Webhooks specification says. The URL must be https and reach a public address.',
    tag: 'crm',
    auth: 'owner',
    body: ZCreateWebhookEndpointBody,
    responses: { 201: ZCreatedWebhookEndpoint, ...errors },
    errors: {
      ...proOnly,
      400: 'The URL is not https, or does not reach a public address, or no event was chosen.',
    },
  },
  patchWebhookEndpoint: {
    method: 'PATCH',
    path: '/api/webhook-endpoints/:id',
    summary: "Change a webhook endpoint's URL, description, events, or enable or disable it",
    tag: 'crm',
    auth: 'owner',
    params: EndpointParams,
    body: ZPatchWebhookEndpointBody,
    responses: { 200: ZWebhookEndpoint, ...errors },
    errors: { ...proOnly, 404: 'No endpoint of the organization has this id.' },
  },
  deleteWebhookEndpoint: {
    method: 'DELETE',
    path: '/api/webhook-endpoints/:id',
    summary: 'Delete a webhook endpoint and its delivery log',
    tag: 'crm',
    auth: 'owner',
    params: EndpointParams,
    responses: { 200: z.object({ success: z.literal(true) }), ...errors },
    errors: { ...proOnly, 404: 'No endpoint of the organization has this id.' },
  },
  listWebhookDeliveries: {
    method: 'GET',
    path: '/api/webhook-endpoints/:id/deliveries',
    summary: "An endpoint's last 50 deliveries, newest first",
    tag: 'crm',
    auth: 'owner',
    params: EndpointParams,
    responses: { 200: ZWebhookDeliveries, ...errors },
    errors: { ...proOnly, 404: 'No endpoint of the organization has this id.' },
  },
  testWebhookEndpoint: {
    method: 'POST',
    path: '/api/webhook-endpoints/:id/test',
    summary: 'Send a webhook.test event to the endpoint (queued like any delivery)',
    tag: 'crm',
    auth: 'owner',
    params: EndpointParams,
    responses: { 202: ZWebhookDelivery, ...errors },
    errors: { ...proOnly, 404: 'No endpoint of the organization has this id.' },
  },
});
