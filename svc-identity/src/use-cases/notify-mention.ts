import type { EntityManager } from '@mikro-orm/core';
import type { TEventPayload, Topics } from '@dealflow/contracts';
import { renderMentionEmail } from '../emails/notification-templates.js';
import { findSubscribedMembers } from '../repositories/notification.repository.js';
import { findUserById } from '../repositories/user.repository.js';
import { unsubscribeLinks, type TNotifyDeps } from './notify-members.js';

/**
 * crm.comment.created -> an email to each member the comment @mentions who has "mentions" on: members of the
 * comment's organization only (crm passes user ids; a stranger's id gets nothing), never the author. A failed
 * send is logged and the others still go (the event is not retried: the others would get it twice).
 */
export async function notifyMention(
  em: EntityManager,
  deps: TNotifyDeps,
  data: TEventPayload<typeof Topics.commentCreated>,
): Promise<number> {
  const mentioned = new Set(data.mentions.filter((id) => id !== data.authorId));
  if (mentioned.size === 0) return 0;
  const members = (await findSubscribedMembers(em, data.orgId, 'emailOnMention')).filter((m) =>
    mentioned.has(m.id),
  );
  if (members.length === 0) return 0;
  const author = await findUserById(em, data.authorId);
  const authorName = author && author.organizationId === data.orgId ? author.name : 'A teammate';
  const dealUrl = `${deps.config.PUBLIC_URL.replace(/\/$/, '')}/deals?deal=${encodeURIComponent(data.dealId)}`;
  let sent = 0;
  for (const member of members) {
    try {
      await deps.mailer.send(
        member.email,
        renderMentionEmail({
          authorName,
          companyName: data.companyName,
          text: data.text,
          dealUrl,
          links: unsubscribeLinks(deps, member.id, 'emailOnMention'),
        }),
        'mention',
      );
      sent += 1;
    } catch (err) {
      deps.logger.warn({ err, userId: member.id, template: 'mention' }, 'mention email not sent');
    }
  }
  return sent;
}
