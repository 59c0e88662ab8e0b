import {
  EXTRACTED_FIELDS,
  type TExtractedData,
  type TExtractedField,
  type TExtractionProvenance,
  type TFieldEvidence,
} from '@dealflow/contracts';
import type { TExtractionInput } from './extractor.js';

/** The value of one checkable field, as text (contact fields flattened). */
export const fieldValue = (data: TExtractedData, field: TExtractedField): string | null => {
  switch (field) {
    case 'contactName':
      return data.contactInfo.name;
    case 'contactEmail':
      return data.contactInfo.email;
    case 'contactPhone':
      return data.contactInfo.phone;
    case 'contactPosition':
      return data.contactInfo.position;
    case 'foundedYear':
      return data.foundedYear === null ? null : String(data.foundedYear);
    default:
      return data[field];
  }
};

const normalize = (text: string) =>
  text
    .toLowerCase()
    .replace(/^https?:\/\/(www\.)?/, '')
    .replace(/\s+/g, ' ');
const snippetOf = (line: string) => (line.length > 300 ? `${line.slice(0, 297)}...` : line);

/**
 * Where each extracted value can be read: the first slide line that contains it (slide number from the deck's
 * `pageNumbers`), else the email body, the subject or the sender. A value found nowhere in the input is an inference
 * (an industry, say) and gets a lower confidence; `confidence` overrides the default per field.
 */
export function locateEvidence(
  data: TExtractedData,
  input: TExtractionInput,
  confidence: Partial<Record<TExtractedField, number>> = {},
): TExtractionProvenance {
  const provenance: TExtractionProvenance = {};
  const pages = input.deck?.pages ?? [];
  for (const field of EXTRACTED_FIELDS) {
    const value = fieldValue(data, field);
    if (value === null || value === '') continue;
    // A location the extractor made precise ("Nairobi, Kenya" from a slide saying "Nairobi"): the city's line.
    const needles = [normalize(value)];
    if (field === 'location' && value.includes(',')) needles.push(normalize(value.split(',')[0]!));
    const has = (text: string) => needles.some((needle) => normalize(text).includes(needle));
    let evidence: TFieldEvidence | null = null;
    for (let index = 0; index < needles.length * pages.length && !evidence; index++) {
      const needle = needles[Math.floor(index / pages.length)]!;
      const page = index % pages.length;
      const line = pages[page]!.find((l) => normalize(l.text).includes(needle));
      if (line)
        evidence = {
          source: 'deck',
          page: input.deck?.pageNumbers?.[page] ?? page + 1,
          snippet: snippetOf(line.text),
          confidence: 0.8,
        };
    }
    if (!evidence) {
      const bodyLine = input.emailText.split('\n').find(has);
      if (bodyLine)
        evidence = { source: 'email', page: null, snippet: snippetOf(bodyLine.trim()), confidence: 0.6 };
      else if (input.subject && has(input.subject))
        evidence = { source: 'subject', page: null, snippet: snippetOf(input.subject), confidence: 0.5 };
      else if (has(`${input.fromName ?? ''} ${input.fromEmail}`))
        evidence = { source: 'sender', page: null, snippet: null, confidence: 0.6 };
      else evidence = { source: input.deck ? 'deck' : 'email', page: null, snippet: null, confidence: 0.4 };
    }
    if (confidence[field] !== undefined) evidence.confidence = confidence[field]!;
    provenance[field] = evidence;
  }
  return provenance;
}
