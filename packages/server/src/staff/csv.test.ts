import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.js';

describe('CSV for the export', () => {
  it('prefixes each cell a spreadsheet would run as a formula with an apostrophe', () => {
    expect(csvCell('=HYPERLINK("http://x.example","Click")')).toBe(
      `"'=HYPERLINK(""http://x.example"",""Click"")"`,
    );
    expect(csvCell('+441234')).toBe("'+441234");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
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
});
