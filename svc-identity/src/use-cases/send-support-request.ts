import type { EntityManager } from '@mikro-orm/core';
import type { TCreateSupportRequest, TSupportRequest } from '@dealflow/contracts';
import { SUPPORT_PROMISES, SupportMessages, supportTierOf } from '@dealflow/contracts/plans';
import type { TIdentityDeps } from '../deps.js';
import { getOrganizationById } from '../repositories/organization.repository.js';
import { getUserById } from '../repositories/user.repository.js';
import { IdentityError } from '../errors.js';
import {
  renderSupportAcknowledgementEmail,
  renderSupportRequestEmail,
  type TSupportEmailInput,
} from '../emails/support-templates.js';
import {
  countSupportRequestsSince,
  insertSupportRequest,
} from '../repositories/support-request.repository.js';
import { supportReference, toSupportRequestDto } from './list-support-requests.js';

/** Requests one person may send per hour: a real problem needs a few, a loop or a script many more. */
export const SUPPORT_REQUESTS_PER_HOUR = 5;

/**
 * The Help menu's support form: the request is kept only once the support address has it (sent inside the
 * transaction: a failed send keeps nothing and answers 502), flagged priority on an active or trialing Pro plan;
 * then the requester gets the acknowledgement with the reference and the promised first response (a failure
 * there is logged: the request did reach support).
 */
export async function sendSupportRequest(
  em: EntityManager,
  deps: Pick<TIdentityDeps, 'mailer' | 'config' | 'logger'>,
  actor: { userId: number; orgId: number },
  body: TCreateSupportRequest,
): Promise<TSupportRequest> {
  const sent = await countSupportRequestsSince(em, actor.userId, new Date(Date.now() - 3_600_000));
  if (sent >= SUPPORT_REQUESTS_PER_HOUR) throw new IdentityError('THROTTLED', SupportMessages.throttled);
  const [user, organization] = await Promise.all([
    getUserById(em, actor.userId),
    getOrganizationById(em, actor.orgId),
  ]);
  const tier = supportTierOf(organization.plan, organization.subscriptionStatus);
  const { priority } = SUPPORT_PROMISES[tier];
  let input: TSupportEmailInput | undefined;
  const row = await em.transactional(async (tx) => {
    const inserted = await insertSupportRequest(tx, {
      organizationId: organization.id,
      userId: user.id,
      requesterName: user.name,
      requesterEmail: user.email,
      tier,
      priority,
      subject: body.subject,
      message: body.message,
    });
    input = {
      reference: supportReference(inserted.id),
      subject: body.subject,
      message: body.message,
      tier,
      priority,
      requester: { name: user.name, email: user.email },
      organization: {
        id: organization.id,
        name: organization.name,
        plan: organization.plan,
        subscriptionStatus: organization.subscriptionStatus,
      },
      sentAt: inserted.createdAt,
    };
    try {
      await deps.mailer.send(deps.config.supportEmail, renderSupportRequestEmail(input), 'support-request', {
        replyTo: user.email,
      });
    } catch (error) {
      deps.logger.error({ err: error, reference: input.reference }, 'support request email failed');
      throw new IdentityError(
        'EMAIL_FAILED',
        `Your request could not be sent. Please try again later, or write to ${deps.config.supportEmail}.`,
      );
    }
    return inserted;
  });
  if (input) {
    await deps.mailer
      .send(user.email, renderSupportAcknowledgementEmail(input), 'support-acknowledgement')
      .catch((error: unknown) =>
        deps.logger.warn({ err: error, reference: input?.reference }, 'support acknowledgement email failed'),
      );
  }
  return toSupportRequestDto(row);
}
