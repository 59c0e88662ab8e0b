/**
 * One CSV cell (RFC 4180), safe to open in a spreadsheet of any locale: every cell is quoted (quotes
 * doubled), so neither `,` nor `;` (the separator where the comma is the decimal mark, most of continental
 * Europe) inside a value can start a new cell there; and a value a spreadsheet would run as a formula
 * (starting, after any leading whitespace, with = + - @, or with a tab or carriage return: OWASP "CSV
 * Injection") is prefixed with a single quote. Every CSV the product writes (identity's activity log,
 * ingest's accounting export) goes through this (issue 20).
 */
export function toCsvCell(value: string | null | undefined): string {
  let text = value ?? '';
  if (/^(?:[\t\r]|\s*[=+\-@])/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/** One CSV record, every cell quoted, CRLF-terminated (RFC 4180). */
export const toCsvLine = (cells: ReadonlyArray<string | null | undefined>): string =>
  `${cells.map(toCsvCell).join(',')}\r\n`;
