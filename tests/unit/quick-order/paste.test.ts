import { describe, expect, it } from 'vitest';
import { isMultiline, parsePaste } from '../../../src/features/quick-order/paste.ts';

describe('pasted lines', () => {
  it('read tab-separated lines as a spreadsheet copies them, a blank quantity as 1', () => {
    expect(parsePaste('HG-PW-00156\t2\r\nCS-5L\t\r\n6.295-302.0\t10\r\n')).toEqual([
      { code: 'HG-PW-00156', qty: '2' },
      { code: 'CS-5L', qty: '1' },
      { code: '6.295-302.0', qty: '10' },
    ]);
  });

  it('read CSV with quoted fields holding commas, quotes and line breaks', () => {
    expect(parsePaste('"HG-PW-00156",3\n"K 5, Premium ""Home""",2\n"CS\n5L","4"\nPLAIN,1')).toEqual([
      { code: 'HG-PW-00156', qty: '3' },
      { code: 'K 5, Premium "Home"', qty: '2' },
      { code: 'CS\n5L', qty: '4' },
      { code: 'PLAIN', qty: '1' },
    ]);
  });

  it('read semicolon CSV (a European spreadsheet) and single-column lists', () => {
    expect(parsePaste('CS-5L;2\nCS-1L;5')).toEqual([
      { code: 'CS-5L', qty: '2' },
      { code: 'CS-1L', qty: '5' },
    ]);
    expect(parsePaste('CS-5L\nCS-1L\n')).toEqual([
      { code: 'CS-5L', qty: '1' },
      { code: 'CS-1L', qty: '1' },
    ]);
  });

  it('skip a header row and follow its column order', () => {
    expect(parsePaste('SKU,Quantity\nCS-5L,2')).toEqual([{ code: 'CS-5L', qty: '2' }]);
    expect(parsePaste('Qty\tModel number\tNote\n3\t6.295-302.0\tfor the van')).toEqual([
      { code: '6.295-302.0', qty: '3' },
    ]);
    // A first line that is an order line, not names of columns, is kept.
    expect(parsePaste('ITEM-1,2\nITEM-2,3')).toHaveLength(2);
  });

  it('skip blank lines and keep bad quantities as typed, for the row to say so', () => {
    expect(parsePaste('\n\nCS-5L,two\n \t \nCS-1L,-1\nCS-10L,2.5\n,4\n')).toEqual([
      { code: 'CS-5L', qty: 'two' },
      { code: 'CS-1L', qty: '-1' },
      { code: 'CS-10L', qty: '2.5' },
      { code: '', qty: '4' },
    ]);
    expect(parsePaste('  \n\n')).toEqual([]);
  });

  it('tell several values from one typed into a field', () => {
    expect(isMultiline('CS-5L')).toBe(false);
    expect(isMultiline('CS-5L\n')).toBe(false);
    expect(isMultiline('CS-5L\t2')).toBe(true);
    expect(isMultiline('CS-5L\nCS-1L')).toBe(true);
  });
});
