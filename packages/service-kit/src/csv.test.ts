import { describe, expect, it } from 'vitest';
import { toCsvCell, toCsvLine } from './csv.js';

describe('toCsvCell', () => {
  it.each([
    ['=1+1', `"'=1+1"`],
    ['+1', `"'+1"`],
    ['-1', `"'-1"`],
    ['@x', `"'@x"`],
    ['\tx', `"'\tx"`],
    ['\rx', `"'\rx"`],
    // After leading whitespace a spreadsheet still reads a formula.
    ['  =1+1', `"'  =1+1"`],
    ['\n@SUM(1)', `"'\n@SUM(1)"`],
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['plain', '"plain"'],
    ['a,b', '"a,b"'],
    ['a;b', '"a;b"'],
    ['line\nbreak', '"line\nbreak"'],
    ['say "hi"', '"say ""hi"""'],
    ['1-2', '"1-2"'],
    ['', '""'],
    [null, '""'],
    [undefined, '""'],
  ])('%j -> %j', (input, output) => {
    expect(toCsvCell(input)).toBe(output);
  });
});

/**
 * A spreadsheet's reading of one CSV record with the given separator (RFC 4180 quoting): `,` in most
 * locales, `;` where the comma is the decimal mark (most of continental Europe).
 */
function readAsSpreadsheet(line: string, separator: ',' | ';'): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted && ch === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (!quoted && ch === separator) {
      cells.push(cell);
      cell = '';
    } else if (!quoted && ch === '\r' && line[i + 1] === '\n') {
      break;
    } else {
      cell += ch;
    }
  }
  cells.push(cell);
  return cells;
}
/** What a spreadsheet would run as a formula: a cell beginning (after whitespace) with = + - @. */
const isFormula = (cell: string) => /^\s*[=+\-@]/.test(cell);

describe('toCsvLine', () => {
  it('quotes every cell and ends the record with CRLF', () => {
    expect(toCsvLine(['a', '=b', 'c,d', null])).toBe(`"a","'=b","c,d",""\r\n`);
  });

  // The activity export's case (issue 20): a failed sign-in writes the user agent it was sent.
  const hostile = ['Mozilla/5.0;=1+1;@SUM(2+2)', 'x,=1+1,@SUM(1)', ' -2+3', '10.0.0.1', 'Failed sign-in'];

  it.each([',', ';'] as const)('read with %j as the separator, no cell is a formula', (separator) => {
    const cells = readAsSpreadsheet(toCsvLine(hostile), separator);
    expect(cells.length).toBeGreaterThan(0);
    for (const cell of cells) expect(isFormula(cell)).toBe(false);
  });

  it('read with ",", every cell comes back whole, a formula behind the neutralising quote', () => {
    expect(readAsSpreadsheet(toCsvLine(hostile), ',')).toEqual(
      hostile.map((value) => (isFormula(value) ? `'${value}` : value)),
    );
  });

  it('read with ";", the user agent stays one cell (it was three, two of them formulas)', () => {
    expect(readAsSpreadsheet(toCsvLine(['Mozilla/5.0;=1+1;@SUM(2+2)', 'x']), ';')).toEqual([
      'Mozilla/5.0;=1+1;@SUM(2+2),x',
    ]);
  });
});
