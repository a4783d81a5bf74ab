import { describe, expect, it } from 'vitest';
import { checkUkVatNumber, formatUkVatNumber, NO_VAT_NUMBER, type VatNumberProblem } from './vat-number.ts';

const valid = (typed: string, normalised: string) =>
  expect(checkUkVatNumber(typed)).toEqual({ ok: true, normalised });

function refused(typed: string, problem: VatNumberProblem): string {
  const result = checkUkVatNumber(typed);
  if (result.ok) throw new Error(`${typed} was taken as ${String(result.normalised)}`);
  expect(result.problem).toBe(problem);
  return result.message;
}

describe('checkUkVatNumber: numbers it takes', () => {
  it('takes an original-series number however it is typed, and stores it as GB and the digits', () => {
    for (const typed of [
      'GB123456782',
      'GB 123 4567 82',
      'gb123456782',
      '123456782',
      'GB-123.4567-82',
      ' 123 4567 82 ',
    ]) {
      valid(typed, 'GB123456782');
    }
  });

  it('takes a number of the 9755 series, whose check digits fail the original check', () => {
    valid('GB 246 8135 93', 'GB246813593');
  });

  it('takes a branch of a business: the 9 digits and a 3-digit branch code', () => {
    valid('GB 123 4567 82 001', 'GB123456782001');
    valid('246813593-012', 'GB246813593012');
  });

  it('takes Isle of Man numbers (starting 00), which share GB and the original series', () => {
    valid('GB 001 2345 47', 'GB001234547');
  });

  it('takes government departments GD000–GD499 and health authorities HA500–HA999', () => {
    valid('GBGD001', 'GBGD001');
    valid('gb gd 499', 'GBGD499');
    valid('HA500', 'GBHA500');
    valid('GBHA999', 'GBHA999');
  });

  it('answers "none" for an empty field, or one of only spaces and separators', () => {
    expect(checkUkVatNumber('')).toBe(NO_VAT_NUMBER);
    expect(checkUkVatNumber('  - . ')).toEqual({ ok: true, normalised: null });
  });
});

describe('checkUkVatNumber: what it refuses, and says why', () => {
  it('refuses another country’s number, naming its prefix', () => {
    expect(refused('IE 6388047V', 'country')).toContain('starts with IE');
    expect(refused('FR12345678901', 'country')).toContain('starts with GB');
  });

  it('asks for GB instead of XI, the Northern Ireland prefix for trade with the EU', () => {
    expect(refused('XI 123 4567 82', 'country')).toContain('with GB at the start');
  });

  it('refuses a number that starts with neither GB nor a digit', () => {
    expect(refused('G123456782', 'country')).toBe(
      'A UK VAT number starts with GB, followed by 9 digits, e.g. GB 123 4567 82.',
    );
  });

  it('names a letter typed where a digit should be, and its place after GB', () => {
    const message = refused('GB 12O 4567 82', 'letter');
    expect(message).toContain('“O”, the 3rd character after GB');
    expect(message).toContain('Did you mean the digit 0?');
    expect(refused('12345678X', 'letter')).toContain('“X”, the 9th character after GB');
  });

  it('names characters that cannot be in a VAT number', () => {
    expect(refused('GB123/456/782', 'characters')).toContain('“/”');
  });

  it('says how many digits were typed and how many are needed', () => {
    expect(refused('GB 123 4567 8', 'length')).toContain(
      'You typed 8 digits after GB, but a UK VAT number has 9 (or 12',
    );
    expect(refused('1234567820', 'length')).toContain('You typed 10 digits');
    expect(refused('GB', 'length')).toContain('You typed 0 digits');
  });

  it('refuses check digits that do not match, showing the number as a certificate prints it', () => {
    expect(refused('GB123456783', 'check-digits')).toBe(
      "GB 123 4567 83 isn't a valid VAT number: its last two digits don't match the seven before them, so a digit may be wrong or two may be swapped. Please check you typed it as it appears on your VAT certificate.",
    );
    // Two digits swapped, as people do.
    refused('GB213456782', 'check-digits');
    // A branch's own number is checked, not just its length.
    refused('GB123456783001', 'check-digits');
    // 200 0999's check digits are 00 (its weighted sum is 97); 97 would repeat them, and is never issued.
    valid('GB200099900', 'GB200099900');
    refused('GB200099997', 'check-digits');
  });

  it('refuses numbers whose check digits fit but which lie in ranges HMRC does not issue', () => {
    // 010 0000–099 9999: HMRC's other reference schemes.
    expect(refused('GB 012 3456 20', 'range')).toContain("isn't in a range HMRC issues VAT numbers from");
    // 949 0001–970 0000 in the original series (the same serial is fine in the 9755 series).
    refused('GB 950 0000 87', 'range');
    valid('GB 950 0000 32', 'GB950000032');
    // 999 0001 upwards in the original series.
    refused('GB 999 5000 77', 'range');
    // The 9755 series starts above 100 0000: an Isle of Man serial with 9755 check digits is not one.
    refused('GB 001 2345 89', 'range');
    refused('GB 000 0000 00', 'range');
  });

  it('refuses government and health authority numbers outside their ranges or of the wrong length', () => {
    expect(refused('GBGD500', 'government')).toContain('GBGD000 to GBGD499');
    expect(refused('GBHA499', 'government')).toContain('GBHA500 to GBHA999');
    expect(refused('GBGD0001', 'length')).toContain('has 3 digits after GD, and you typed 4');
    expect(refused('GBHA5X0', 'letter')).toContain('the 4th character after GB');
  });
});

describe('formatUkVatNumber', () => {
  it('groups the digits as a VAT certificate prints them', () => {
    expect(formatUkVatNumber('GB123456782')).toBe('GB 123 4567 82');
    expect(formatUkVatNumber('GB123456782001')).toBe('GB 123 4567 82 001');
    expect(formatUkVatNumber('GBGD001')).toBe('GBGD001');
  });
});
