/**
 * A data file (src/site/data-files.ts) is written out once for its fingerprint and once when it is
 * rendered; the second is the first's text, kept between the two, so a run that changes a file makes its
 * text once. A file whose text was taken, or never kept, is made again: what is served is always the
 * object's text.
 */
import { describe, expect, it } from 'vitest';
import { dataFile, dataFileText, type DataFormat } from '../../../src/site/data-files.ts';

/** JSON, counting the texts it makes. */
function countingFormat(): DataFormat<object> & { made: number } {
  const format = {
    contentType: 'application/json',
    made: 0,
    text: (data: object) => {
      format.made += 1;
      return JSON.stringify(data);
    },
  };
  return format;
}

describe('a data file’s text', () => {
  it('is made once for its fingerprint and rendered from the same text', () => {
    const format = countingFormat();
    const data = { sku: 'HG-PW-00001', price: 129.99 };
    const file = dataFile({ file: 'a' }, data, format);
    expect(dataFileText(file.props)).toBe(JSON.stringify(data));
    expect(format.made).toBe(1);
  });

  it('is made again once taken, and for an object kept from an earlier fingerprint', () => {
    const format = countingFormat();
    const data = { sku: 'HG-PW-00002' };
    const file = dataFile({ file: 'b' }, data, format);
    dataFileText(file.props);
    expect(dataFileText(file.props)).toBe(JSON.stringify(data));
    // The same object again: its fingerprint is kept, so no text is made for it, and rendering makes it.
    const again = dataFile({ file: 'b' }, data, format);
    expect(again.cacheKey).toBe(file.cacheKey);
    expect(dataFileText(again.props)).toBe(JSON.stringify(data));
    expect(format.made).toBe(3);
  });

  it('is the text of its own format when one object is written in two', () => {
    const json = countingFormat();
    const lines: DataFormat<object> = {
      contentType: 'text/plain',
      text: (data) => Object.keys(data).join('\n'),
    };
    const data = { a: 1, b: 2 };
    const asJson = dataFile({ file: 'c' }, data, json);
    expect(dataFileText({ data, format: lines })).toBe('a\nb');
    expect(dataFileText(asJson.props)).toBe('{"a":1,"b":2}');
  });
});
