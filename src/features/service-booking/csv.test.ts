import { describe, expect, it } from 'vitest';
import { csvCell, csvFile } from './csv.ts';

describe('the day’s bookings as CSV', () => {
  it('quotes as RFC 4180 asks, with CRLF line ends', () => {
    expect(
      csvFile([
        ['a', 'b, c'],
        ['say "hi"', 'two\nlines'],
      ]),
    ).toBe('a,"b, c"\r\n"say ""hi""","two\nlines"\r\n');
  });

  it('keeps what a spreadsheet would run as a formula as text', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe(
      '"\'=HYPERLINK(""http://evil.example"",""x"")"',
    );
    expect(csvCell('+44 113 496 0000')).toBe("'+44 113 496 0000");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('K 5')).toBe('K 5');
  });
});
