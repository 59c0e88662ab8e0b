import { webhookRoutes } from '@dealflow/contracts';
import type { TRouter } from '@dealflow/service-kit';
import type { TCrmDeps } from '../deps.js';
import { createWebhookEndpoint } from '../use-cases/create-webhook-endpoint.js';
import { deleteWebhookEndpoint } from '../use-cases/delete-webhook-endpoint.js';
import { listWebhookDeliveries } from '../use-cases/list-webhook-deliveries.js';
import { listWebhookEndpoints } from '../use-cases/list-webhook-endpoints.js';
import { sendTestWebhook } from '../use-cases/send-test-webhook.js';
import { updateWebhookEndpoint } from '../use-cases/update-webhook-endpoint.js';

/** The organization's webhook endpoints (owner only, Pro only; issue 23 item 5). */
export function webhookRoutesOf({ route }: TRouter, deps: TCrmDeps) {
  route(webhookRoutes.listWebhookEndpoints, async ({ actor, request }) =>
    listWebhookEndpoints(request.em, actor.orgId),
  );
  route(webhookRoutes.createWebhookEndpoint, async ({ actor, body, request, reply }) => {
    const created = await createWebhookEndpoint(
      request.em,
      { orgId: actor.orgId, userId: actor.userId, body },
      deps,
    );
    return reply.code(201).send(created);
  });
  route(webhookRoutes.patchWebhookEndpoint, async ({ actor, params, body, request }) =>
    updateWebhookEndpoint(request.em, { orgId: actor.orgId, id: params.id, body }),
  );
  route(webhookRoutes.deleteWebhookEndpoint, async ({ actor, params, request }) =>
    deleteWebhookEndpoint(request.em, { orgId: actor.orgId, id: params.id }),
  );
  route(webhookRoutes.listWebhookDeliveries, async ({ actor, params, request }) =>
    listWebhookDeliveries(request.em, { orgId: actor.orgId, id: params.id }),
  );
  route(webhookRoutes.testWebhookEndpoint, async ({ actor, params, request, reply }) => {
    const delivery = await sendTestWebhook(request.em, {
      orgId: actor.orgId,
      userId: actor.userId,
      id: params.id,
    });
    return reply.code(202).send(delivery);
  });
}
