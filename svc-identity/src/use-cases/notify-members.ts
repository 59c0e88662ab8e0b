import type { EntityManager } from '@mikro-orm/core';
import type { TNotificationKind } from '@dealflow/contracts';
import type { TIdentityDeps } from '../deps.js';
import type { TEmailContent } from '../emails/templates.js';
import type { TUnsubscribeLinks } from '../emails/notification-templates.js';
import { findSubscribedMembers } from '../repositories/notification.repository.js';
import { createUnsubscribeToken } from '../security/unsubscribe-token.js';

export type TNotifyDeps = Pick<TIdentityDeps, 'config' | 'mailer' | 'unsubscribeSecret' | 'logger'>;

/** The unsubscribe links of one user's email of one kind. */
export function unsubscribeLinks(
  deps: TNotifyDeps,
  userId: number,
  kind: TNotificationKind,
): TUnsubscribeLinks {
  const token = encodeURIComponent(createUnsubscribeToken(deps.unsubscribeSecret, userId, kind));
  const base = deps.config.PUBLIC_URL.replace(/\/$/, '');
  return {
    page: `${base}/unsubscribe?token=${token}`,
    oneClick: `${base}/api/settings/notifications/unsubscribe?token=${token}`,
  };
}

/**
 * Emails every member of the organization who has this notification on (each with their own unsubscribe
 * link). A failed send is logged and the others still go: one bad address must not stop the rest, and the
 * event is not retried for it (that would email the others twice).
 */
export async function notifyMembers(
  em: EntityManager,
  deps: TNotifyDeps,
  input: {
    organizationId: number;
    kind: TNotificationKind;
    template: string;
    render: (links: TUnsubscribeLinks) => TEmailContent;
  },
): Promise<number> {
  const members = await findSubscribedMembers(em, input.organizationId, input.kind);
  let sent = 0;
  for (const member of members) {
    try {
      await deps.mailer.send(
        member.email,
        input.render(unsubscribeLinks(deps, member.id, input.kind)),
        input.template,
      );
      sent += 1;
    } catch (err) {
      deps.logger.warn({ err, userId: member.id, template: input.template }, 'notification email not sent');
    }
  }
  return sent;
}
