import type { EntityManager } from '@mikro-orm/core';
import type { TSupportRequest, TSupportStatus } from '@dealflow/contracts';
import { IdentityError } from '../errors.js';
import {
  findSupportRequestById,
  findSupportRequestOf,
  setSupportRequestStatus,
} from '../repositories/support-request.repository.js';
import { supportRequestIdOf, toSupportRequestDto } from './list-support-requests.js';

const NOT_FOUND = 'This support request does not exist.';

/** A member closes one of the organization's requests (nothing more is needed). */
export async function closeSupportRequest(
  em: EntityManager,
  organizationId: number,
  id: number,
): Promise<TSupportRequest> {
  const row = await findSupportRequestOf(em, organizationId, id);
  if (!row) throw new IdentityError('NOT_FOUND', NOT_FOUND);
  return toSupportRequestDto(await setSupportRequestStatus(em, row, 'closed'));
}

/** The support team's tooling (internal route): marks a request answered, closed, or open again. */
export async function setSupportRequestStatusByReference(
  em: EntityManager,
  reference: string,
  status: TSupportStatus,
): Promise<TSupportRequest> {
  const id = supportRequestIdOf(reference);
  const row = id === null ? null : await findSupportRequestById(em, id);
  if (!row) throw new IdentityError('NOT_FOUND', NOT_FOUND);
  return toSupportRequestDto(await setSupportRequestStatus(em, row, status));
}
