/**
 * One CSV cell (RFC 4180), safe to open in a spreadsheet: a value a spreadsheet would run as a formula
 * (starting with = + - @, or a tab or carriage return, OWASP "CSV Injection") is prefixed with a single
 * quote; any value with a comma, quote or line break is quoted, quotes doubled. Every CSV download of the
 * services (identity's activity log, ingest's sync export) writes its cells through this.
 */
export function toCsvCell(value: string | null | undefined): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV record, CRLF-terminated (RFC 4180). */
export const toCsvLine = (cells: ReadonlyArray<string | null | undefined>): string =>
  `${cells.map(toCsvCell).join(',')}\r\n`;
