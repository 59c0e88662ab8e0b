import { SYNC_EXPORT_TYPES } from '@dealflow/contracts';
import { toCsvLine } from '@dealflow/service-kit';
import { XMLBuilder } from 'fast-xml-parser';

/**
 * A sync's export: exactly the contacts one run pushed to Xero (the fields the SDK sent, in Xero's names) and
 * Xero's answer for each (its ContactID, created / updated / refused and why). Stored with the run; rendered
 * in the run's format for the download. Xero always receives JSON through its SDK: the format is the
 * export's only.
 */
export interface TSyncExportContact {
  ContactID: string | null;
  Name: string;
  Website: string | null;
  EmailAddress: string | null;
  FirstName: string | null;
  LastName: string | null;
  Outcome: 'created' | 'updated' | 'failed';
  Error: string | null;
}

export interface TSyncExport {
  runId: number;
  trigger: 'manual' | 'scheduled';
  startedAt: string;
  /** The Xero organisation the custom connection reached. */
  xeroOrganisation: string | null;
  contacts: TSyncExportContact[];
}

export type TSyncExportFormat = keyof typeof SYNC_EXPORT_TYPES;

const CONTACT_FIELDS = [
  'ContactID',
  'Name',
  'Website',
  'EmailAddress',
  'FirstName',
  'LastName',
  'Outcome',
  'Error',
] as const satisfies ReadonlyArray<keyof TSyncExportContact>;

/** Characters XML 1.0 cannot carry at all (C0 controls but tab/LF/CR, lone surrogates, U+FFFE/U+FFFF): dropped. */
const NOT_XML_CHARS =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const xmlText = (value: string | number | null) =>
  value === null ? '' : String(value).replace(NOT_XML_CHARS, '');

// fast-xml-parser's builder escapes & < > " ' in text and attributes (processEntities, its default).
const xmlBuilder = new XMLBuilder({
  format: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  suppressEmptyNode: true,
  processEntities: true,
});

function toXml(data: TSyncExport): string {
  return xmlBuilder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    SyncExport: {
      '@_RunID': String(data.runId),
      '@_Trigger': data.trigger,
      '@_StartedAt': data.startedAt,
      '@_XeroOrganisation': xmlText(data.xeroOrganisation),
      Contacts: {
        Contact: data.contacts.map((c) => Object.fromEntries(CONTACT_FIELDS.map((f) => [f, xmlText(c[f])]))),
      },
    },
  }) as string;
}

/** One line per contact, the header first; every cell through the kit's formula-safe escaping. */
const toCsv = (data: TSyncExport) =>
  toCsvLine(CONTACT_FIELDS) + data.contacts.map((c) => toCsvLine(CONTACT_FIELDS.map((f) => c[f]))).join('');

const toJson = (data: TSyncExport) =>
  `${JSON.stringify(
    {
      runId: data.runId,
      trigger: data.trigger,
      startedAt: data.startedAt,
      xeroOrganisation: data.xeroOrganisation,
      contacts: data.contacts,
    },
    null,
    2,
  )}\n`;

/** The export as a download: its body, Content-Type and file name. */
export function renderSyncExport(data: TSyncExport, format: TSyncExportFormat) {
  const { contentType, extension } = SYNC_EXPORT_TYPES[format];
  const body = format === 'xml' ? toXml(data) : format === 'csv' ? toCsv(data) : toJson(data);
  const day = data.startedAt.slice(0, 10);
  return { body, contentType, fileName: `xero-sync-${data.runId}-${day}.${extension}` };
}
