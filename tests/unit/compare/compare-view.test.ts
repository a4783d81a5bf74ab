/** The compare table's markup (components/compare/compare-view.ts): what screen readers and styles rely on. */
import { describe, expect, it } from 'vitest';
import {
  addToCartFormHtml,
  compareTableHtml,
  differentKinds,
} from '../../../src/components/compare/compare-view.ts';
import { compareRows } from '../../../src/features/compare/rows.ts';
import type { SheetGroup } from '../../../src/features/compare/sheet.ts';
import type { ProductFacts } from '../../../src/features/product-data/facts.ts';

const facts = (
  sku: string,
  specs: ProductFacts['specs'],
  overrides: Partial<ProductFacts> = {},
): ProductFacts => ({
  sku,
  name: `Machine ${sku}`,
  href: `/${sku.toLowerCase()}`,
  image: { file: `/m/${sku}.jpg`, alt: sku },
  priceInclVat: 120,
  priceExclVat: 100,
  inStock: true,
  kind: { id: 24, name: 'Pressure Washers' },
  specs,
  ...overrides,
});

const sheet: SheetGroup[] = [
  {
    label: 'Technical data',
    attributes: [
      { code: 'weight_kg', label: 'Weight (kg)', unit: 'kg', better: 'lower' },
      { code: 'power_w', label: 'Power (W)', unit: 'W' },
    ],
  },
  { label: 'Equipment', attributes: [{ code: 'equipmentAttr', label: 'Equipment', unit: '' }] },
];

describe('the compare table', () => {
  const products = [
    facts('A', { weight_kg: '6.8', power_w: '650', equipmentAttr: ['Hose <10 m>'] }),
    facts('B', { weight_kg: '9', power_w: '650' }, { inStock: false }),
  ];
  const html = compareTableHtml(products, compareRows(sheet, products), 'caption-id');
  /** The markup of the row headed `label` (no DOM in these tests: the markup is read as text). */
  const rowOf = (label: string): string =>
    html.split('<tr').find((row) => row.includes(`<th scope="row">${label}</th>`)) ?? '';
  const cellsOf = (label: string): string[] =>
    [...rowOf(label).matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((match) => match[1] ?? '');

  it('is a table with a caption, a column header per product and a row-group header per group', () => {
    expect(html).toMatch(
      /^<table class="compare__table"><caption id="caption-id">Comparing 2 products<\/caption>/,
    );
    expect(
      [...html.matchAll(/<th scope="col"[^>]*>.*?<a href="([^"]+)">([^<]+)<\/a><\/th>/g)].map((m) => [
        m[1],
        m[2],
      ]),
    ).toEqual([
      ['/a', 'Machine A'],
      ['/b', 'Machine B'],
    ]);
    expect([...html.matchAll(/<th scope="rowgroup"[^>]*><span>([^<]+)<\/span>/g)].map((m) => m[1])).toEqual([
      'Technical data',
      'Equipment',
    ]);
  });

  it('offers add to cart for a product in stock, and says "Unavailable" for one that is not', () => {
    const [inStock, out] = html
      .split('<tr')
      .filter((row) => row.includes('<span class="visually-hidden">Add to cart</span></th>'))
      .flatMap((row) => [...row.matchAll(/<td>(.*?)<\/td>/g)].map((m) => m[1] ?? ''));
    expect(inStock).toContain('<form class="add-to-cart" data-add-to-cart data-sku="A"');
    expect(out).toBe('Unavailable');
  });

  it('marks rows whose values are all the same, tags the best value, and says what a "–" means', () => {
    expect(rowOf('Power (W)')).toMatch(/^ data-same>/);
    expect(rowOf('Weight (kg)')).toMatch(/^>/);
    expect(cellsOf('Weight (kg)')[0]).toBe(
      '<strong>6.8</strong> <span class="compare__best"><span aria-hidden="true">★ </span>Best</span>',
    );
    expect(cellsOf('Weight (kg)')[1]).toBe('9');
    expect(cellsOf('Equipment')[1]).toBe(
      '<span aria-hidden="true">–</span><span class="visually-hidden">Not stated</span>',
    );
  });

  it('shows list values as lists, escaped', () => {
    expect(cellsOf('Equipment')[0]).toBe('<ul><li>Hose &#60;10 m&#62;</li></ul>');
  });
});

describe('add to cart in the table', () => {
  it('is the form add-to-cart.client.ts handles, naming its product for screen readers', () => {
    const html = addToCartFormHtml({ sku: 'A"1', name: 'K 2 <Compact>' });
    expect(html).toContain('data-add-to-cart data-sku="A&#34;1" action="/basket" method="get"');
    expect(html).toContain('<input type="hidden" name="qty" value="1">');
    expect(html).toContain('<span class="visually-hidden">: K 2 &#60;Compact&#62;</span>');
  });
});

describe('different kinds', () => {
  it('are named when the products are of more than one kind, once each, in column order', () => {
    const washer = { kind: { id: 24, name: 'Pressure Washers' } };
    const vac = { kind: { id: 31, name: 'Window Vacs' } };
    expect(differentKinds([washer, vac, washer])).toEqual(['Pressure Washers', 'Window Vacs']);
    expect(differentKinds([washer, washer])).toEqual([]);
    expect(differentKinds([washer, { kind: null }])).toEqual([]);
  });
});

describe('a compared product on sale', () => {
  it('shows the sale price and "Was" the regular price, in both VAT forms', () => {
    const onSale = [
      facts('A', {}, { priceInclVat: 90, priceExclVat: 75, was: { inclVat: 120, exclVat: 100 } }),
      facts('B', {}),
    ];
    const html = compareTableHtml(onSale, compareRows(sheet, onSale), 'caption-id');
    expect(html).toContain(
      '£90.00 <span class="product-card__vat">incl VAT</span> <span class="price-was">Was <del>£120.00</del></span>',
    );
    expect(html).toContain(
      '£75.00 <span class="product-card__vat">excl VAT</span> <span class="price-was">Was <del>£100.00</del></span>',
    );
    expect(html.match(/Was/g)).toHaveLength(2);
  });
});

describe('compared products with reviews', () => {
  it('show a row of stars once any has reviews, "–" read as "No reviews yet" for one without', () => {
    const rated = [facts('A', {}, { rating: { percent: 84, count: 12 } }), facts('B', {})];
    const html = compareTableHtml(rated, compareRows(sheet, rated), 'caption-id');
    const row = html.split('<tr').find((tr) => tr.includes('<th scope="row">Rating</th>')) ?? '';
    const cells = [...row.matchAll(/<td>(.*?)<\/td>/g)].map((match) => match[1]);
    expect(cells).toEqual([
      '<p class="rating"><span class="stars" style="--r:84%" role="img" aria-label="Rated 4.2 out of 5"></span> 12<span class="visually-hidden"> reviews</span></p>',
      '<span aria-hidden="true">–</span><span class="visually-hidden">No reviews yet</span>',
    ]);
    // After price and stock, before the actions, which a printed sheet leaves out.
    expect(html.indexOf('>Rating</th>')).toBeGreaterThan(html.indexOf('>Stock</th>'));
    expect(html).toMatch(
      /<tr class="compare__action"><th scope="row"><span class="visually-hidden">Add to cart/,
    );
  });

  it('have no rating row when none has reviews', () => {
    const unrated = [facts('A', {}), facts('B', {})];
    expect(compareTableHtml(unrated, compareRows(sheet, unrated), 'caption-id')).not.toContain('Rating');
  });
});
