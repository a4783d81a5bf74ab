/** The comparison's URL (features/compare/compare-url.ts): what a shared link carries. */
import { describe, expect, it } from 'vitest';
import { compareHref, skusFromQuery } from '../../../src/features/compare/compare-url.ts';

describe('the compare URL', () => {
  it('names the skus in order, separated by commas', () => {
    expect(compareHref(['HG-PW-00224', 'HG-PW-00225'])).toBe('/compare?skus=HG-PW-00224,HG-PW-00225');
    expect(compareHref([])).toBe('/compare');
  });

  it('reads back what it wrote, skus with spaces, slashes or plus signs included', () => {
    const skus = ['A 1', 'B/2', 'C+3', 'D&4'];
    expect(skusFromQuery(new URL(compareHref(skus), 'https://shop.test').search)).toEqual(skus);
  });

  it('reads a link whose commas were escaped on the way', () => {
    expect(skusFromQuery('?skus=A%2CB')).toEqual(['A', 'B']);
  });

  it('reads the first four skus, once each, ignoring blanks', () => {
    expect(skusFromQuery('?skus=A,,B,A,C,D,E')).toEqual(['A', 'B', 'C', 'D']);
  });

  it('reads no skus as none named (the page then shows the browser’s list)', () => {
    for (const query of ['', '?', '?skus=', '?skus=,,', '?other=A']) expect(skusFromQuery(query)).toBeNull();
  });
});
