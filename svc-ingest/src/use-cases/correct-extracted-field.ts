import type { EntityManager } from '@mikro-orm/core';
import type { TCorrectFieldBody } from '@dealflow/contracts';
import { readField, writeField, type TFieldValue } from '../domain/extraction/corrections.js';
import { IngestError } from '../errors.js';
import { updateEmail } from '../repositories/email.repository.js';
import { publishRecordCorrected } from '../repositories/ingest.events.js';
import { lockEmail } from '../repositories/intake.queries.js';
import { findEmailCorrections } from '../repositories/email.repository.js';
import { getEmail } from './get-email.js';

type TValue = TFieldValue;

/**
 * A person corrects one extracted field of their organization's record. The extracted value is kept (the
 * first correction of a field records it; setting it back removes the correction), and
 * `ingest.record.corrected` carries the corrected data to the CRM in the same transaction.
 */
export async function correctExtractedField(
  em: EntityManager,
  input: { orgId: number; userId: number; emailId: number; correction: TCorrectFieldBody },
) {
  const { field } = input.correction;
  const value: TValue = input.correction.value;
  await em.transactional(async (tx) => {
    const email = await lockEmail(tx, input.emailId);
    if (!email || email.orgId !== input.orgId) throw new IngestError('EMAIL_NOT_FOUND');
    if (!email.extractedData) throw new IngestError('NOT_CORRECTABLE');
    const corrections = { ...(await findEmailCorrections(tx, input.emailId)) };
    const original = corrections[field] ? corrections[field].original : readField(email.extractedData, field);
    if (original === value) delete corrections[field];
    else corrections[field] = { original, correctedAt: new Date().toISOString(), correctedBy: input.userId };
    const extractedData = writeField(email.extractedData, field, value);
    await updateEmail(tx, input.emailId, { extractedData, corrections });
    publishRecordCorrected(tx, {
      orgId: input.orgId,
      emailId: input.emailId,
      field,
      extractedData,
      correctedBy: input.userId,
      correctedAt: new Date().toISOString(),
    });
  });
  return getEmail(em, input.orgId, input.emailId);
}
