import { founderReplyRoutes } from '@dealflow/contracts';
import type { TRouter } from '@dealflow/service-kit';
import type { TCrmDeps } from '../deps.js';
import { getReplyDraft } from '../use-cases/get-reply-draft.js';
import { getReplySettings } from '../use-cases/get-reply-settings.js';
import { sendFounderReply } from '../use-cases/send-founder-reply.js';
import { updateReplySettings } from '../use-cases/update-reply-settings.js';

/** Founder communication: the reply templates, a template filled in for a deal, the reply itself. */
export function founderReplyRoutesOf({ route }: TRouter, deps: TCrmDeps) {
  route(founderReplyRoutes.getReplySettings, async ({ actor, request }) =>
    getReplySettings(request.em, actor.orgId),
  );
  route(founderReplyRoutes.putReplySettings, async ({ actor, body, request }) =>
    updateReplySettings(request.em, actor.orgId, body),
  );
  route(founderReplyRoutes.getReplyDraft, async ({ actor, params, query, request }) =>
    getReplyDraft(request.em, {
      orgId: actor.orgId,
      dealId: params.id,
      template: query.template,
      senderName: actor.name,
    }),
  );
  route(founderReplyRoutes.sendReply, async ({ actor, params, body, request, reply }) => {
    const entry = await sendFounderReply(
      request.em,
      deps.founderMailer,
      {
        orgId: actor.orgId,
        dealId: params.id,
        sender: { userId: actor.userId, name: actor.name, email: actor.email },
        template: body.template,
        subject: body.subject,
        text: body.text,
      },
      request.log,
    );
    return reply.code(201).send(entry);
  });
}
