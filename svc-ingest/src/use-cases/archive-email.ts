import type { EntityManager } from '@mikro-orm/core';
import { EmailSchema } from '../entities/email.js';
import { IngestError } from '../errors.js';
import { getEmail } from './get-email.js';

/** Archives a record (archived: true) or returns it to the inbox (false); the record is kept either way. */
export async function archiveEmail(em: EntityManager, orgId: number, id: number, archived: boolean) {
  const changed = await em.nativeUpdate(
    EmailSchema,
    { id, orgId },
    archived
      ? { archivedAt: new Date(), updatedAt: new Date() }
      : { archivedAt: null, updatedAt: new Date() },
  );
  if (changed === 0) throw new IngestError('EMAIL_NOT_FOUND');
  em.clear();
  return getEmail(em, orgId, id);
}
