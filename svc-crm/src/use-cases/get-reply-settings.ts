import type { EntityManager } from '@mikro-orm/core';
import type { TReplySettings } from '@dealflow/contracts';
import { findReplySettings } from '../repositories/founder-reply.repository.js';

/** The organization's reply templates and whether new decks are acknowledged automatically. */
export function getReplySettings(em: EntityManager, orgId: number): Promise<TReplySettings> {
  return findReplySettings(em, orgId);
}
