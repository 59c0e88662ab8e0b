import type { EntityManager } from '@mikro-orm/core';
import { toCsvLine } from '@dealflow/service-kit';
import type { TEmailFilters } from '@dealflow/contracts';
import { IngestError } from '../errors.js';
import { findExportBatch } from '../repositories/inbox.queries.js';

const COLUMNS = [
  'Record ID',
  'Received (UTC)',
  'Sender name',
  'Sender email',
  'Subject',
  'Status',
  'Status reason',
  'Company',
  'Website',
  'Industry',
  'Funding round',
  'Funding amount',
  'Location',
  'Founded',
  'Contact name',
  'Contact email',
  'Deal link',
  'Archived',
  'Not a deck',
] as const;

/** Rows read per query while streaming: memory stays flat whatever the number of records. */
const BATCH = 500;
/** UTF-8 byte order mark: spreadsheets then read the file as UTF-8. */
const BOM = '\uFEFF';

const text = (value: unknown) =>
  value === null || value === undefined ? '' : typeof value === 'string' ? value : String(value);

/**
 * The organization's records for the list's filters as CSV lines (BOM first, every cell through the kit's
 * formula-safe helper), read in keyset batches and yielded as they come, so the response streams. The filters are
 * checked now, before anything is sent.
 */
export function exportEmailsCsv(
  em: EntityManager,
  orgId: number,
  filters: TEmailFilters,
): AsyncGenerator<string> {
  if (filters.receivedFrom && filters.receivedTo && filters.receivedFrom > filters.receivedTo)
    throw new IngestError('EXPORT_RANGE_INVALID');
  // The rows are read while the response streams, after the request's own EntityManager is done: a fork.
  return generateCsv(em.fork(), orgId, filters);
}

async function* generateCsv(
  em: EntityManager,
  orgId: number,
  filters: TEmailFilters,
): AsyncGenerator<string> {
  yield BOM + toCsvLine(COLUMNS);
  let after: { at: Date; id: number } | null = null;
  for (;;) {
    const rows = await findExportBatch(em, orgId, filters, after, BATCH);
    let chunk = '';
    for (const row of rows) {
      const d = row.extractedData ?? {};
      chunk += toCsvLine([
        String(row.id),
        row.receivedAt.toISOString(),
        row.fromName,
        row.fromEmail,
        row.subject,
        row.status,
        row.statusReason,
        text(d.companyName),
        text(d.website),
        text(d.industry),
        text(d.fundingRound),
        text(d.fundingAmount),
        text(d.location),
        text(d.foundedYear),
        text(d.contactName),
        text(d.contactEmail),
        row.dealUrl,
        row.archivedAt ? row.archivedAt.toISOString() : '',
        row.notADeck ? 'yes' : '',
      ]);
    }
    if (chunk) yield chunk;
    const last = rows.at(-1);
    if (rows.length < BATCH || !last) return;
    after = { at: last.receivedAt, id: last.id };
  }
}
