/**
 * The header's suggestions as data (search/suggest-list.ts): what fits in a phone's 8 rows and a desktop's
 * 10, in which order, what each row says and where it leads, and how the arrow keys move.
 */
import { describe, expect, it } from 'vitest';
import {
  DESKTOP_ROWS,
  looksLikePartSearch,
  moveActive,
  nothingFound,
  PHONE_ROWS,
  planRows,
  rowsHtml,
  stillTyping,
  suggestionRows,
  type SuggestAnswer,
} from '../../../src/components/search/suggest-list.ts';
import type { CategoryHit } from '../../../src/features/search/engine.ts';
import type { SearchRecord } from '../../../src/features/search/files.ts';

const category = (name: string, audience: string, count: number): CategoryHit => ({
  name,
  path: `/${audience.toLowerCase().replace(/\W+/g, '-')}/${name.toLowerCase().replace(/\W+/g, '-')}`,
  count,
  audience,
});

const record = (n: number, overrides: Partial<Record<'inStock' | 'image', unknown>> = {}): SearchRecord => [
  `HG-PW-${String(n).padStart(5, '0')}`,
  `Clearwater K ${n} Pressure Washer`,
  `/clearwater-k-${n}-pressure-washer`,
  (overrides['image'] as string | undefined) ?? `/h/g/hg-pw-${n}-1.jpg`,
  `Clearwater K ${n}`,
  100 + n,
  Math.round(((100 + n) / 1.2) * 100) / 100,
  (overrides['inStock'] as 0 | 1 | undefined) ?? 1,
  0,
  [],
  'A pressure washer.',
];

const washers: CategoryHit[] = [
  category('Pressure Washers', 'Home & Garden', 16),
  category('Pressure Washers', 'Professional', 14),
  category('Compact Pressure Washers', 'Home & Garden', 5),
  category('Premium Pressure Washers', 'Home & Garden', 5),
];

const answer = (
  ids: number,
  categories: CategoryHit[] = [],
  didYouMean: string | null = null,
): SuggestAnswer => ({
  ids: Array.from({ length: Math.min(ids, DESKTOP_ROWS) }, (_, at) => at),
  total: ids,
  categories,
  didYouMean,
});

const rowsFor = (text: string, found: SuggestAnswer, limit: number) => {
  const plan = planRows(found, limit, text);
  return suggestionRows(
    text,
    found,
    plan,
    found.ids.slice(0, plan.products).map((id) => record(id)),
  );
};

describe('planRows', () => {
  it('fills a desktop list with up to 3 categories, products, and keeps a row for "See all"', () => {
    expect(planRows(answer(40, washers), DESKTOP_ROWS)).toEqual({
      categories: washers.slice(0, 3),
      products: 6,
    });
    expect(planRows(answer(40), DESKTOP_ROWS).products).toBe(9);
  });

  it('fits a phone in 8 rows', () => {
    expect(planRows(answer(40, washers), PHONE_ROWS).products).toBe(4);
    expect(planRows(answer(40), PHONE_ROWS).products).toBe(7);
  });

  it('asks for no more products than matched', () => {
    expect(planRows(answer(2, washers), DESKTOP_ROWS).products).toBe(2);
    expect(planRows(answer(0, washers), DESKTOP_ROWS).products).toBe(0);
  });
});

describe('suggestionRows', () => {
  it('lists categories, then products best first, then "See all N results" for the typed text', () => {
    const rows = rowsFor('presure washer', answer(33, washers), DESKTOP_ROWS);
    expect(rows.map((row) => row.kind)).toEqual([
      ...Array<string>(3).fill('category'),
      ...Array<string>(6).fill('product'),
      'seeAll',
    ]);
    expect(rows[0]).toEqual({
      kind: 'category',
      href: washers[0]?.path,
      name: 'Pressure Washers',
      audience: 'Home & Garden',
      count: 16,
    });
    expect(rows[3]).toMatchObject({
      kind: 'product',
      name: 'Clearwater K 0 Pressure Washer',
      href: '/clearwater-k-0-pressure-washer',
    });
    expect(rows.at(-1)).toEqual({
      kind: 'seeAll',
      href: '/search/presure%20washer',
      total: 33,
      approximate: false,
    });
    expect(rowsHtml(rows.slice(-1), 'x')).toContain('See all 33 results');
  });

  it('gives no count when the engine found the best products from the heads of large shards', () => {
    const rows = rowsFor('cle', { ...answer(12, washers), approximate: true }, DESKTOP_ROWS);
    expect(rows.at(-1)).toMatchObject({ kind: 'seeAll', approximate: true });
    const html = rowsHtml(rows.slice(-1), 'x');
    expect(html).toContain('See all results');
    expect(html).not.toContain('12');
  });

  it('never passes the row limit, whatever matched', () => {
    for (const limit of [PHONE_ROWS, DESKTOP_ROWS])
      for (const ids of [0, 1, 5, 500])
        for (const categories of [[], washers.slice(0, 1), washers])
          expect(rowsFor('washer', answer(ids, categories), limit).length).toBeLessThanOrEqual(limit);
  });

  it('offers "Did you mean" only when nothing matched, leading to its own search', () => {
    expect(rowsFor('xyzzy washr', answer(0, [], 'washer'), DESKTOP_ROWS)).toEqual([
      { kind: 'didYouMean', href: '/search/washer', text: 'washer' },
      { kind: 'help', href: '/search/xyzzy%20washr#search-help' },
    ]);
    expect(rowsFor('presure', answer(4, [], 'pressure'), DESKTOP_ROWS).map((row) => row.kind)).not.toContain(
      'didYouMean',
    );
  });

  it('says first when the products have only some of the words, leading to their own search, within the limit', () => {
    const relaxed = { ...answer(40, washers), relaxed: 'pressure washer' };
    for (const limit of [PHONE_ROWS, DESKTOP_ROWS]) {
      const rows = rowsFor('pressure washer xyzzy', relaxed, limit);
      expect(rows[0]).toEqual({
        kind: 'relaxed',
        href: '/search/pressure%20washer',
        typed: 'pressure washer xyzzy',
        shown: 'pressure washer',
      });
      expect(rows.length).toBeLessThanOrEqual(limit);
    }
    expect(rowsHtml(rowsFor('pressure washer xyzzy', relaxed, DESKTOP_ROWS).slice(0, 1), 'l')).toContain(
      'No exact match for “pressure washer xyzzy”; showing “pressure washer”',
    );
  });

  it('says the sort a property asked for, leading to the sorted results, within the limit (issue 70)', () => {
    const sorted = { ...answer(40, washers), sort: { label: 'weight, lightest first' } };
    for (const limit of [PHONE_ROWS, DESKTOP_ROWS]) {
      const rows = rowsFor('lightest pressure washer', sorted, limit);
      expect(rows[0]).toEqual({
        kind: 'sorted',
        href: '/search/lightest%20pressure%20washer',
        label: 'weight, lightest first',
      });
      expect(rows.length).toBeLessThanOrEqual(limit);
    }
    expect(rowsHtml(rowsFor('lightest pressure washer', sorted, DESKTOP_ROWS), 'l')).toContain(
      'Sorted by weight, lightest first',
    );
  });

  it('says what the shop does not sell, then the nearest categories and the help (issue 70)', () => {
    const unsold = { ...answer(0, washers.slice(0, 2)), notSold: 'dishwashers' };
    const rows = rowsFor('dishwasher', unsold, DESKTOP_ROWS);
    expect(rows.map((row) => row.kind)).toEqual(['notSold', 'category', 'category', 'help']);
    expect(rowsHtml(rows, 'l')).toContain('We don&#39;t sell dishwashers');
    expect(nothingFound('dishwasher', unsold)).toBe(true);
  });

  it('puts "Did you mean" before the categories nearest the words when nothing matched', () => {
    expect(
      rowsFor('presure xyzzy', answer(0, washers, 'pressure'), DESKTOP_ROWS).map((row) => row.kind),
    ).toEqual(['didYouMean', 'category', 'category', 'category', 'help']);
  });

  it('ends with the way to the results page’s help when nothing matched, not while a word is half typed', () => {
    const rows = rowsFor('iphone', answer(0), DESKTOP_ROWS);
    expect(rows).toEqual([{ kind: 'help', href: '/search/iphone#search-help' }]);
    expect(rowsHtml(rows, 'l')).toContain('Search tips, categories and advice');
    expect(rowsFor('washer x', answer(0), DESKTOP_ROWS)).toEqual([]);
    expect(rowsFor('washer', answer(1), DESKTOP_ROWS).map((row) => row.kind)).not.toContain('help');
  });

  it('has no "See all" row without results', () => {
    expect(rowsFor('pr', answer(0, washers.slice(0, 2)), DESKTOP_ROWS).map((row) => row.kind)).toEqual([
      'category',
      'category',
    ]);
  });
});

describe('the rows of "fits my machine" (issue 39)', () => {
  const k5 = { name: 'K 5', slug: 'k-5' };

  it('leads with the parts page of the model the query names, within the limit', () => {
    for (const limit of [PHONE_ROWS, DESKTOP_ROWS]) {
      const rows = rowsFor('k5 hose', { ...answer(40, washers), model: k5 }, limit);
      expect(rows[0]).toEqual({ kind: 'parts', href: '/parts-finder/k-5', model: 'K 5' });
      expect(rows.map((row) => row.kind).slice(1, 4)).toEqual(['category', 'category', 'category']);
      expect(rows.at(-1)?.kind).toBe('seeAll');
      expect(rows.length).toBe(limit);
    }
    const html = rowsHtml(rowsFor('k5', { ...answer(3), model: k5 }, DESKTOP_ROWS), 'l');
    expect(html).toContain('href="/parts-finder/k-5"');
    expect(html).toContain('Parts and accessories for the K 5');
  });

  it('comes after the line saying the products have only some of the words', () => {
    const relaxed = { ...answer(4), relaxed: 'hose', model: k5 };
    expect(
      rowsFor('k5 hose xyzzy', relaxed, DESKTOP_ROWS)
        .map((row) => row.kind)
        .slice(0, 2),
    ).toEqual(['relaxed', 'parts']);
  });

  it('offers the parts page alone when the text names a model and looks like a part hunt', () => {
    const rows = rowsFor('k5 spare parts', { ...answer(2), model: k5 }, DESKTOP_ROWS);
    expect(rows.map((row) => row.kind)).toEqual(['parts', 'product', 'product', 'seeAll']);
  });

  it('offers the parts finder for what looks like a hunt for a part or a label number', () => {
    for (const text of ['spare parts', 'pressure washer part', 'hose that fits']) {
      const rows = rowsFor(text, answer(0), DESKTOP_ROWS);
      expect(rows[0], text).toEqual({ kind: 'finder', href: '/parts-finder' });
    }
    // A label's number: the finder's answer to it, the machine's parts page.
    expect(rowsFor('1.673-600.0 ', answer(1), DESKTOP_ROWS)[0]).toEqual({
      kind: 'finder',
      href: '/parts-finder/find?q=1.673-600.0',
    });
    const html = rowsHtml(rowsFor('spares', answer(3), DESKTOP_ROWS), 'l');
    expect(html).toContain('href="/parts-finder"');
    expect(html).toContain('>Parts finder<');
    expect(rowsFor('spares', answer(40, washers), PHONE_ROWS).length).toBe(PHONE_ROWS);
  });

  it('reads what a part search looks like', () => {
    for (const text of [
      'spare',
      'Spare Parts',
      'part',
      'fits',
      'fit my k9',
      '1.673-600.0',
      '16736000',
      '2.643 - 100',
    ])
      expect(looksLikePartSearch(text), text).toBe(true);
    for (const text of [
      'hose',
      'partner',
      'department',
      'HG-PW-00156',
      'k5',
      '5 l',
      '150 bar',
      '2.5',
      'fitting',
    ])
      expect(looksLikePartSearch(text), text).toBe(false);
  });
});

describe('nothingFound', () => {
  it('is true when no product matches, whatever categories are near', () => {
    expect(nothingFound('xyzzy', answer(0))).toBe(true);
    expect(nothingFound('presure xyzzy', answer(0, washers, 'pressure'))).toBe(true);
    expect(nothingFound('washer', answer(1))).toBe(false);
  });

  it('waits while the last word has only one or two letters (the engine leaves it aside)', () => {
    expect(nothingFound('pr', answer(0, washers))).toBe(false);
    expect(nothingFound('washer x', answer(0))).toBe(false);
    expect(nothingFound('pr ', answer(0))).toBe(true);
    expect(nothingFound('k9', answer(0))).toBe(true);
  });
});

describe('stillTyping', () => {
  it('reads the last word as the engine does: folded, digits make it a code', () => {
    expect(stillTyping('p')).toBe(true);
    expect(stillTyping('pressure wa')).toBe(true);
    expect(stillTyping('pressure wa ')).toBe(false);
    expect(stillTyping('Pressure WA-')).toBe(true);
    expect(stillTyping('pre')).toBe(false);
    expect(stillTyping('k5')).toBe(false);
  });
});

describe('rowsHtml', () => {
  const rows = suggestionRows(
    'k1',
    answer(2, washers.slice(0, 1)),
    planRows(answer(2, washers.slice(0, 1)), 10),
    [record(1), record(2, { inStock: 0, image: '' })],
  );
  const html = rowsHtml(rows, 'list');

  it('makes each row an option link, numbered for aria-activedescendant and out of the tab order', () => {
    const options = [
      ...html.matchAll(
        /<a role="option" tabindex="-1" aria-selected="false" id="([^"]+)"[^>]*href="([^"]+)"/g,
      ),
    ];
    expect(options.map((match) => [match[1], match[2]])).toEqual([
      ['list-0', '/home-garden/pressure-washers'],
      ['list-1', '/clearwater-k-1-pressure-washer'],
      ['list-2', '/clearwater-k-2-pressure-washer'],
      ['list-3', '/search/k1'],
    ]);
  });

  it("says a category's audience and product count, and a product's price in both VAT forms and stock", () => {
    expect(html).toContain('Category in Home &#38; Garden, 16 items');
    expect(html).toContain('src="/img/160/webp/catalog/product/h/g/hg-pw-1-1.jpg" alt=""');
    expect(html).toMatch(/class="vat-incl">£101\.00 .*incl VAT.*class="vat-excl">£84\.17 .*excl VAT/);
    expect(html).toContain('>In Stock<');
    expect(html).toContain('suggest__stock--out">Unavailable<');
    expect(html).toContain('See all 2 results');
  });

  it('escapes what it shows', () => {
    const [row] =
      rowsHtml([{ kind: 'didYouMean', href: '/search/%3Cb%3E', text: '<b>"x"' }], 'l').match(
        />Did you mean[^<]*</,
      ) ?? [];
    expect(row).toBe('>Did you mean “&#60;b&#62;&#34;x&#34;”?<');
  });
});

describe('moveActive', () => {
  it('starts at the first row going down and the last going up', () => {
    expect(moveActive(-1, 5, 1)).toBe(0);
    expect(moveActive(-1, 5, -1)).toBe(4);
  });

  it('moves one row and wraps at either end', () => {
    expect(moveActive(0, 5, 1)).toBe(1);
    expect(moveActive(4, 5, 1)).toBe(0);
    expect(moveActive(0, 5, -1)).toBe(4);
    expect(moveActive(3, 5, -1)).toBe(2);
  });

  it('has nowhere to go in an empty list, and recovers from a row that is gone', () => {
    expect(moveActive(-1, 0, 1)).toBe(-1);
    expect(moveActive(7, 3, 1)).toBe(0);
  });
});
