import type { EntityManager } from '@mikro-orm/core';
import type { TReplyDraft, TReplyTemplateKind } from '@dealflow/contracts';
import { fillReplyTemplate } from '../domain/founder-reply.js';
import { findReplySettings } from '../repositories/founder-reply.repository.js';
import { findReplyContext } from './find-reply-context.js';

/** The organization's template of that kind, filled in for the deal's founder and signed by the caller. */
export async function getReplyDraft(
  em: EntityManager,
  input: { orgId: number; dealId: number; template: TReplyTemplateKind; senderName: string },
): Promise<TReplyDraft> {
  const context = await findReplyContext(em, input.orgId, input.dealId);
  const { templates } = await findReplySettings(em, input.orgId);
  const template = templates.find((t) => t.kind === input.template)!;
  const filled = fillReplyTemplate(template, {
    founderName: context.founderName,
    company: context.companyName,
    senderName: input.senderName,
    subject: context.deck.subject,
  });
  return {
    to: context.deck.fromEmail,
    founderName: context.founderName,
    ...filled,
    threaded: context.deck.messageId !== null,
  };
}
