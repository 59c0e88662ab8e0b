import type { EntityManager } from '@mikro-orm/core';
import { EmailSchema } from '../entities/email.js';
import { IngestError } from '../errors.js';
import { blockSender } from '../repositories/blocked-sender.repository.js';
import { publishIntegrationChanged } from '../repositories/ingest.events.js';
import { getEmail } from './get-email.js';

/**
 * "Not a deck": the record is marked and archived; with block 'sender' or 'domain' the organization's intake
 * refuses later mail from that address or its whole domain (the block list on Integration 1; in the activity log).
 */
export async function markNotADeck(
  em: EntityManager,
  actor: { orgId: number; userId: number },
  id: number,
  block: 'none' | 'sender' | 'domain',
) {
  await em.transactional(async (tx) => {
    const email = await tx.findOne(EmailSchema, { id, orgId: actor.orgId });
    if (!email) throw new IngestError('EMAIL_NOT_FOUND');
    await tx.nativeUpdate(
      EmailSchema,
      { id },
      { notADeck: true, archivedAt: email.archivedAt ?? new Date(), updatedAt: new Date() },
    );
    if (block === 'none') return;
    const address = email.fromEmail.trim().toLowerCase();
    const value = block === 'sender' ? address : (address.split('@').pop() ?? '');
    if (!value) return;
    if (await blockSender(tx, { orgId: actor.orgId, kind: block, value, createdBy: actor.userId }))
      publishIntegrationChanged(tx, {
        orgId: actor.orgId,
        userId: actor.userId,
        change: 'sender_blocked',
        details: { kind: block, value },
      });
  });
  em.clear();
  return getEmail(em, actor.orgId, id);
}
