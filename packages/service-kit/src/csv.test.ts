import { describe, expect, it } from 'vitest';
import { toCsvCell, toCsvLine } from './csv.js';

describe('toCsvCell', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@x', "'@x"],
    ['\tx', "'\tx"],
    ['\rx', `"'\rx"`],
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['line\nbreak', '"line\nbreak"'],
    ['say "hi"', '"say ""hi"""'],
    [null, ''],
    [undefined, ''],
  ])('%j -> %j', (input, output) => {
    expect(toCsvCell(input)).toBe(output);
  });
});

describe('toCsvLine', () => {
  it('joins the escaped cells with commas and ends the record with CRLF', () => {
    expect(toCsvLine(['a', '=b', 'c,d', null])).toBe(`a,'=b,"c,d",\r\n`);
  });
});
