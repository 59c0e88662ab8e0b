import type { TExtractedData, TExtractedField } from '@dealflow/contracts';
import type { TRecordCorrections } from '../../entities/email.js';

export type TFieldValue = string | number | null;

const CONTACT_FIELDS = {
  contactName: 'name',
  contactEmail: 'email',
  contactPhone: 'phone',
  contactPosition: 'position',
} as const satisfies Partial<Record<TExtractedField, keyof TExtractedData['contactInfo']>>;

const isContactField = (field: TExtractedField): field is keyof typeof CONTACT_FIELDS =>
  field in CONTACT_FIELDS;

export function readField(data: TExtractedData, field: TExtractedField): TFieldValue {
  return isContactField(field) ? data.contactInfo[CONTACT_FIELDS[field]] : data[field];
}

export function writeField(data: TExtractedData, field: TExtractedField, value: TFieldValue): TExtractedData {
  if (isContactField(field))
    return { ...data, contactInfo: { ...data.contactInfo, [CONTACT_FIELDS[field]]: value } };
  return { ...data, [field]: value };
}

/**
 * A new extraction of a record people corrected (Retry): each corrected field keeps the person's value, and
 * its `original` becomes what the new extraction says; a correction the new extraction now agrees with is
 * dropped (nothing left to correct).
 */
export function reapplyCorrections(
  extracted: TExtractedData,
  previous: TExtractedData | null,
  corrections: TRecordCorrections,
): { extractedData: TExtractedData; corrections: TRecordCorrections } {
  let extractedData = extracted;
  const kept: TRecordCorrections = {};
  if (!previous) return { extractedData, corrections: kept };
  for (const [name, correction] of Object.entries(corrections)) {
    if (!correction) continue;
    const field = name as TExtractedField;
    const corrected = readField(previous, field);
    const fresh = readField(extracted, field);
    if (fresh === corrected) continue;
    extractedData = writeField(extractedData, field, corrected);
    kept[field] = { ...correction, original: fresh };
  }
  return { extractedData, corrections: kept };
}
