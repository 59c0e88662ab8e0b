import type { EntityManager } from '@mikro-orm/core';
import { IngestError } from '../errors.js';
import { findEmail } from '../repositories/email.repository.js';
import { toEmailRecords } from './email-record.js';

export async function getEmail(em: EntityManager, orgId: number, id: number) {
  const row = await findEmail(em, orgId, id);
  if (!row) throw new IngestError('EMAIL_NOT_FOUND');
  const [record] = await toEmailRecords(em, orgId, [row]);
  return record!;
}
