/**
 * Lines pasted from a spreadsheet into quick order: tab-separated (what Excel, Numbers and Google Sheets
 * put on the clipboard) or CSV (comma or semicolon, fields in double quotes where they hold one), with or
 * without a header row. Each line is a code (SKU or model number) and a quantity; a blank quantity is 1.
 * Nothing is judged here: a bad quantity is kept as typed, for the row to say what is wrong with it.
 */

export interface PastedLine {
  /** The SKU or model number as pasted (trimmed). */
  code: string;
  /** The quantity as pasted (trimmed), '1' where the line has none. */
  qty: string;
}

/**
 * The separator of the text: a tab wherever one is on a line with something on it, else a semicolon
 * (European CSV), else a comma.
 */
function separatorOf(text: string): string {
  const filled = text.split(/\r\n|\r|\n/).filter((line) => line.trim() !== '');
  if (filled.some((line) => line.includes('\t'))) return '\t';
  const unquoted = text.replace(/"[^"]*"/g, '');
  return unquoted.includes(';') && !unquoted.includes(',') ? ';' : ',';
}

/**
 * The rows of `text` as cells (RFC 4180): a quoted field may hold the separator, a line break or a
 * doubled quote (`""`); a quote inside an unquoted field is kept as it is.
 */
function splitRows(text: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let at = 0;
  const endCell = (): void => {
    row.push(cell);
    cell = '';
  };
  while (at < text.length) {
    const char = text.charAt(at);
    if (quoted) {
      if (char === '"' && text.charAt(at + 1) === '"') {
        cell += '"';
        at += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (char === separator) endCell();
    else if (char === '\r' || char === '\n') {
      endCell();
      rows.push(row);
      row = [];
      if (char === '\r' && text.charAt(at + 1) === '\n') at += 1;
    } else cell += char;
    at += 1;
  }
  if (cell !== '' || row.length > 0) {
    endCell();
    rows.push(row);
  }
  return rows;
}

const CODE_HEADER = /^(sku|model|item|code|part|product|article|reference|ref)\b/i;
const QTY_HEADER = /^(qty|quantity|quantities|amount|count|number of|units?)\b/i;

/** Is a cell a column's name: a header word, with no digit (a SKU like "ITEM-1" is not one). */
const headerCell = (cell: string, pattern: RegExp): boolean => !/\d/.test(cell) && pattern.test(cell);

/**
 * The pasted lines of a text, blank lines left out. A first row naming its columns ("SKU", "Model number",
 * "Qty", "Quantity", …) is a header: it is not a line, and says which column is which; without one, the
 * code is the first column and the quantity the second. Further columns are ignored.
 */
export function parsePaste(text: string): PastedLine[] {
  const rows = splitRows(text, separatorOf(text))
    .map((cells) => cells.map((cell) => cell.trim()))
    .filter((cells) => cells.some((cell) => cell !== ''));
  let codeColumn = 0;
  let qtyColumn = 1;
  const first = rows[0];
  if (first && first.some((cell) => headerCell(cell, CODE_HEADER) || headerCell(cell, QTY_HEADER))) {
    const qtyAt = first.findIndex((cell) => headerCell(cell, QTY_HEADER));
    const codeAt = first.findIndex((cell) => headerCell(cell, CODE_HEADER));
    codeColumn = codeAt >= 0 ? codeAt : qtyAt === 0 ? 1 : 0;
    qtyColumn = qtyAt >= 0 ? qtyAt : codeColumn === 0 ? 1 : 0;
    rows.shift();
  }
  return rows
    .map((cells) => ({ code: cells[codeColumn] ?? '', qty: cells[qtyColumn] ?? '' }))
    .filter((line) => line.code !== '' || line.qty !== '')
    .map((line) => (line.qty === '' ? { ...line, qty: '1' } : line));
}

/** Whether pasted text is more than one value, to be spread over rows rather than typed into one field. */
export const isMultiline = (text: string): boolean => /[\r\n\t]/.test(text.trim());
