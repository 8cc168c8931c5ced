import { describe, expect, it } from 'vitest';
import { csvCell, phoneAsText, timeAsText, toCsv } from './csv.js';

describe('CSV for the export', () => {
  it('prefixes each cell a spreadsheet would run as a formula with an apostrophe', () => {
    expect(csvCell('=HYPERLINK("http://x.example","Click")')).toBe(
      `"'=HYPERLINK(""http://x.example"",""Click"")"`,
    );
    expect(csvCell('+441234')).toBe("'+441234");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe(`"'\t'=1"`);
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    expect(csvCell('Ada = Lovelace')).toBe('Ada = Lovelace');
  });

  it('quotes commas, quotes and line breaks; leaves numbers and empties plain', () => {
    expect(csvCell('Smith, Jr')).toBe('"Smith, Jr"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(7500)).toBe('7500');
    expect(csvCell(null)).toBe('');
  });

  it('quotes a semicolon or a tab, so a cell stays whole whichever separator a spreadsheet reads', () => {
    expect(csvCell('Flat 2; Mill House')).toBe('"Flat 2; Mill House"');
    expect(csvCell('a\tb')).toBe('"a\tb"');
  });

  it('neutralises a formula after a semicolon, comma or tab inside a value', () => {
    // Read with ";" as the separator, the part after it would start a cell of its own.
    expect(csvCell('Ada;=HYPERLINK("http://x.example")')).toBe(
      `"Ada;'=HYPERLINK(""http://x.example"")"`,
    );
    expect(csvCell('Ada, =1+1')).toBe(`"Ada, '=1+1"`);
    expect(csvCell('x;+1;-2;@A1')).toBe(`"x;'+1;'-2;'@A1"`);
    expect(csvCell('=1;=2')).toBe(`"'=1;'=2"`);
    expect(csvCell('Smith-Jones; Ada')).toBe('"Smith-Jones; Ada"');
  });

  it('writes a phone number with a space, so a spreadsheet keeps its leading 0', () => {
    expect(phoneAsText('07911900456')).toBe('07911 900456');
    expect(phoneAsText('02079460123')).toBe('020 7946 0123');
    expect(phoneAsText('01632960123')).toBe('01632 960123');
    expect(phoneAsText(null)).toBeNull();
    expect(csvCell(phoneAsText('07911900456'))).toBe('07911 900456');
  });

  it('writes a header line and CRLF-ended rows', () => {
    expect(
      toCsv(
        ['A', 'B'],
        [
          ['x', 1],
          [null, '=y'],
        ],
      ),
    ).toBe("A,B\r\nx,1\r\n,'=y\r\n");
  });

  it('writes a time in UTC to the second, a date and time a spreadsheet reads in any locale', () => {
    expect(timeAsText('2026-11-27T01:19:05.123Z')).toBe('2026-11-27 01:19:05');
    // The night the clocks go back: two different times, two different texts.
    expect(timeAsText('2026-10-25T00:30:00.000Z')).toBe('2026-10-25 00:30:00');
    expect(timeAsText('2026-10-25T01:30:00.000Z')).toBe('2026-10-25 01:30:00');
    expect(timeAsText(null)).toBeNull();
  });
});
