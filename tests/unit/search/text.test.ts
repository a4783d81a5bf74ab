import { describe, expect, it } from 'vitest';
import {
  codeTerms,
  compactCode,
  foldWords,
  queryWords,
  stem,
  textTerms,
} from '../../../src/features/search/text.ts';
import { allowedEdits, editDistance } from '../../../src/features/search/typo.ts';

const terms = (text: string): string[] => textTerms(text).map(({ term }) => term);
const query = (text: string): string[] => queryWords(text).map(({ text: word }) => word);

describe('normalising', () => {
  it('folds case, accents, signs and separators into plain words', () => {
    expect(foldWords('Kärcher HD 5/15 C-Plus, 1.252-100.6')).toEqual([
      'karcher',
      'hd',
      '5',
      '15',
      'c',
      'plus',
      '1',
      '252',
      '100',
      '6',
    ]);
    expect(foldWords('Wet & Dry')).toEqual(['wet', 'and', 'dry']);
    expect(foldWords('  ')).toEqual([]);
  });

  it('reduces English plurals to the singular, alike for the index and the query', () => {
    expect(['washers', 'brushes', 'batteries', 'hoses', 'boxes', 'glasses', 'tyres'].map(stem)).toEqual([
      'washer',
      'brush',
      'battery',
      'hose',
      'box',
      'glass',
      'tyre',
    ]);
    // Left alone: short words, words with digits, and words that only look plural.
    expect(['gas', 'k5s', 'chassis', 'pressure', 'bus'].map(stem)).toEqual([
      'gas',
      'k5s',
      'chassis',
      'pressure',
      'bus',
    ]);
  });

  it('reads "K5", "K 5" and "k-5" as one code, and the index holds it however the name spaces it', () => {
    expect(query('K5')).toEqual(['k5']);
    expect(query('K 5')).toEqual(['k5']);
    expect(query('k-5')).toEqual(['k5']);
    expect(terms('Clearwater K 5 Premium')).toContain('k5');
  });

  it('joins model numbers typed with or without separators', () => {
    expect(query('HD5/15')).toEqual(['hd515']);
    expect(query('HD 5/15')).toEqual(['hd515']);
    expect(query('1.252-100.6')).toEqual(['12521006']);
    expect(query('1 252 100 6')).toEqual(['12521006']);
    const indexed = terms('Professional HD 5/15 C Classic');
    for (const form of ['hd', '5', '15', 'hd5', 'hd515', '515', 'hd515c']) expect(indexed).toContain(form);
    // A long word is not part of a code: "Classic" stays a word of its own.
    expect(indexed).not.toContain('hd515cclassic');
  });

  it('keeps a joined code with its parts, for when the joined form is unknown', () => {
    expect(queryWords('nt 20/1')).toEqual([{ text: 'nt201', parts: ['nt', '20', '1'], typed: 'nt 20 1' }]);
  });

  it("matches a size whole: no term of a decimal's fraction with the unit after it", () => {
    const terms = (text: string) => textTerms(text).map(({ term }) => term);
    expect(terms('Car Wash 2.5 l Detergent')).toContain('25l');
    expect(terms('Car Wash 2.5 l Detergent')).not.toContain('5l');
    expect(terms('Car Wash 5 l Detergent')).toContain('5l');
    // A fraction that is a code's digits stays findable: "SP 8.500" by "500" and "8500".
    expect(terms('SP 8.500 Dirty Water Pump')).toEqual(expect.arrayContaining(['500', '8500', 'sp8500']));
  });

  it('drops stop words unless nothing else is left', () => {
    expect(query('wet and dry')).toEqual(['wet', 'dry']);
    expect(query('pressure washer for the patio')).toEqual(['pressure', 'washer', 'patio']);
    expect(query('and')).toEqual(['and']);
  });

  it('folds codes whole, and finds them by their numbered parts and the end of their number', () => {
    expect(compactCode('HG-PW-00156')).toBe('hgpw00156');
    expect(codeTerms('HG-PW-00156').sort()).toEqual(['00156', '0156', '156', 'pw00156']);
    expect(codeTerms('KRA-255T-724')).toEqual(expect.arrayContaining(['255t', '255t724', 'kra255t', '724']));
    // Letters alone and single digits find nothing on their own: "1" is in every model number.
    expect(codeTerms('1.324-603.0')).not.toContain('1');
    expect(codeTerms('1.324-603.0')).toEqual(expect.arrayContaining(['324603', '3246030', '1324', '603']));
  });
});

describe('typo tolerance', () => {
  it('allows one edit from 4 letters, two from 8, none on words with digits', () => {
    expect(['vac', 'vacm', 'presure', 'pressurr', 'k5000', 'hd515'].map(allowedEdits)).toEqual([
      0, 1, 1, 2, 0, 0,
    ]);
  });

  it('counts a swap of neighbouring letters as one edit', () => {
    expect(editDistance('presusre', 'pressure', 2)).toBe(1);
    expect(editDistance('vaccum', 'vacuum', 1)).toBe(1);
    expect(editDistance('steem', 'steam', 1)).toBe(1);
  });

  it('counts a wrong first letter twice and stops past the allowance', () => {
    expect(editDistance('bacuum', 'vacuum', 1)).toBe(2);
    expect(editDistance('bacuum', 'vacuum', 2)).toBe(2);
    expect(editDistance('nilfsik', 'vacuum', 2)).toBe(3);
    expect(editDistance('pressure', 'pressure', 2)).toBe(0);
  });
});
