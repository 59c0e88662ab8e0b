import type { EntityManager } from '@mikro-orm/core';
import { rows } from '@dealflow/service-kit';

/**
 * Advisory lock space of one person's member row: an upsert and a forget of the same person run one at a time.
 * SQL because an advisory lock has no ORM equivalent (correctness, not speed: no bench figure to give).
 */
const MEMBER_LOCK_SPACE = 7_301;
export const lockPerson = (em: EntityManager, userId: number) =>
  rows(em, 'select pg_advisory_xact_lock(?, ?)', [MEMBER_LOCK_SPACE, userId]);
