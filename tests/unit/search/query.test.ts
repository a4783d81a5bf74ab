/**
 * What a query says besides its words (issue 37): units written the index's way, a pressure in psi as a
 * range of bar, a price phrase as the price filter's range.
 */
import { describe, expect, it } from 'vitest';
import { readQuery } from '../../../src/features/search/query.ts';

describe('readQuery', () => {
  it('writes units as the index does', () => {
    expect(readQuery('5 litre detergent').text).toBe('5 l detergent');
    expect(readQuery('5litres detergent').text).toBe('5 l detergent');
    expect(readQuery('5 ltr').text).toBe('5 l');
    expect(readQuery('1500 watts').text).toBe('1500 w');
    expect(readQuery('2 kW pump').text).toBe('2000 w pump');
    expect(readQuery('10 metre hose').text).toBe('10 m hose');
    expect(readQuery('18 volt trimmer').text).toBe('18 v trimmer');
    expect(readQuery('5 kilos').text).toBe('5 kg');
    // Words that only look like units stay.
    expect(readQuery('limescale remover').text).toBe('limescale remover');
  });

  it('reads a pressure in psi as a range of bar around it', () => {
    const { text, measures } = readQuery('2000 psi pressure washer');
    expect(text).toBe('pressure washer');
    expect(measures).toHaveLength(1);
    expect(measures[0]?.value).toBeCloseTo(137.9, 1);
    expect(measures[0]?.min).toBeCloseTo(124.1, 1);
    expect(measures[0]?.max).toBeCloseTo(151.7, 1);
    expect(measures[0]?.typed).toBe('2000 psi');
  });

  it('takes a price phrase out of the words as a range', () => {
    const cases: [string, string, number | null, number | null][] = [
      ['pressure washer under £200', 'pressure washer', null, 200],
      ['pressure washer below 200 pounds', 'pressure washer', null, 200],
      ['pressure washer less than £1,000', 'pressure washer', null, 1000],
      ['vacuum up to £99.99', 'vacuum', null, 99.99],
      ['scrubber over £500', 'scrubber', 500, null],
      ['steam cleaner £200-£300', 'steam cleaner', 200, 300],
      ['steam cleaner £300 to £200', 'steam cleaner', 200, 300],
      ['steam cleaner between £200 and £300', 'steam cleaner', 200, 300],
      ['steam cleaner 200-300 pounds', 'steam cleaner', 200, 300],
      ['window vac £100', 'window vac', null, 100],
      ['window vac 100 quid', 'window vac', null, 100],
      ['pressure washer under 200', 'pressure washer', null, 200],
    ];
    for (const [query, text, min, max] of cases)
      expect(readQuery(query), query).toMatchObject({ text, price: { min, max } });
  });

  it('keeps the query without the price, as typed, for removing the filter', () => {
    expect(readQuery('Pressure Washer UNDER £200 petrol').price).toMatchObject({
      typed: 'UNDER £200',
      rest: 'Pressure Washer petrol',
    });
  });

  it('leaves numbers with units, and numbers alone, to the words', () => {
    expect(readQuery('sweeper under 10 kg')).toMatchObject({ text: 'sweeper under 10 kg', price: null });
    expect(readQuery('k 5 200 bar')).toMatchObject({ text: 'k 5 200 bar', price: null });
  });
});
