import { describe, expect, it } from 'vitest';
import { productDelivery } from '../../../src/site/product-view.ts';
import { savePercent } from '../../../src/catalogue/tier-prices.ts';
import { tierLines } from '../../../src/site/tier-lines.ts';
import { deliveryConfig } from '../../../src/delivery/config.ts';
import { ALL_GROUPS, type Product } from '../../../src/catalogue/types.ts';
import { variantPage } from '../../../src/site/variant-page.ts';
import { panelPayIn3 } from '../../../src/site/price-lines.ts';
import {
  defaultVariant,
  openingVariant,
  pickerState,
  type PickerData,
  type VariantFacts,
} from '../../../src/site/variant-picker.ts';
import { withVariants } from '../../../src/catalogue/variants.ts';
import { shampoo, shampooProducts, VOLUME } from '../catalogue/fixtures.ts';

const tier = (qty: number, priceInclVat: number, customerGroupId = ALL_GROUPS) => ({
  customerGroupId,
  qty,
  priceInclVat,
  priceExclVat: Math.round((priceInclVat / 1.2) * 100) / 100,
});

function page(products: Product[] = shampooProducts()) {
  const catalogue = withVariants(products);
  const bySku = new Map(catalogue.map((item) => [item.sku, item]));
  const parent = bySku.get('CS');
  if (!parent) throw new Error('no parent');
  const built = variantPage(parent, bySku);
  if (!built) throw new Error('no variants');
  return built;
}

const facts = (data: PickerData, sku: string): VariantFacts => {
  const found = data.variants.find((variant) => variant.sku === sku);
  if (!found) throw new Error(`no ${sku}`);
  return found;
};

describe('tier prices', () => {
  it('says "Buy 4 or more: £X each (save Y %)" for ALL GROUPS tiers, in both VAT forms, by quantity', () => {
    const lines = tierLines([tier(10, 24), tier(4, 27), tier(4, 20, 1), tier(1, 28), tier(20, 31)], {
      priceInclVat: 29.99,
      priceExclVat: 24.99,
    });
    expect(lines).toEqual([
      {
        qty: 4,
        inclVat: 'Buy 4 or more: £27.00 each (save 10 %)',
        exclVat: 'Buy 4 or more: £22.50 each (save 10 %)',
      },
      {
        qty: 10,
        inclVat: 'Buy 10 or more: £24.00 each (save 20 %)',
        exclVat: 'Buy 10 or more: £20.00 each (save 20 %)',
      },
    ]);
  });

  it('rounds the saving to a whole percent and says nothing without a unit price', () => {
    expect(savePercent(29.99, 22.5)).toBe(25);
    expect(savePercent(10, 9.26)).toBe(7);
    expect(tierLines([tier(4, 9)], { priceInclVat: null, priceExclVat: null })).toEqual([]);
  });
});

describe('the option picker', () => {
  it('opens with the cheapest child in stock, never a sold-out one', () => {
    const { data, chosen } = page();
    expect(chosen.sku).toBe('CS-1L');
    const { one, five, ten } = shampoo();
    const cheapSoldOut = page(
      [shampoo().parent, { ...one, inStock: false }, five, { ...ten, priceInclVat: 1 }].sort((a, b) =>
        a.sku < b.sku ? -1 : 1,
      ),
    );
    expect(cheapSoldOut.chosen.sku).toBe('CS-5L');
    expect(defaultVariant(data)?.sku).toBe('CS-1L');
  });

  it('opens with the choice a shared link names, even a sold-out one, else the default', () => {
    const { data } = page();
    expect(openingVariant(data, '?volume=5-l')?.sku).toBe('CS-5L');
    expect(openingVariant(data, '?volume=10-l')?.sku).toBe('CS-10L');
    expect(openingVariant(data, '?volume=3-l')?.sku).toBe('CS-1L');
    expect(openingVariant(data, '')?.sku).toBe('CS-1L');
  });

  it('offers only the values an enabled child has', () => {
    const { parent, one, five, ten } = shampoo();
    const volume = { ...VOLUME, values: [...VOLUME.values, { id: 214, label: '20 l', slug: '20-l' }] };
    const configurable = parent.configurable && { ...parent.configurable, attributes: [volume] };
    const { data, chosen } = page(
      [{ ...parent, configurable }, one, five, ten].sort((a, b) => (a.sku < b.sku ? -1 : 1)),
    );
    expect(data.attributes[0]?.values.map((value) => value.label)).toEqual(['1 l', '5 l', '10 l']);
    expect(pickerState(data, chosen)[0]?.every((value) => value.sku !== undefined)).toBe(true);
  });

  it("writes each child's Pay in 3 payment from its own price, none outside £30–£2,000", () => {
    const { data, chosen } = page();
    // 1 l at £9.99 and 5 l at £29.99 are under £30; 10 l at £49.99 is in range.
    expect(data.variants.map(({ sku, payIn3 }) => [sku, payIn3])).toEqual([
      ['CS-1L', null],
      ['CS-5L', null],
      ['CS-10L', '£16.66'],
    ]);
    expect(chosen.payIn3).toBeNull();
    const { parent, one, five, ten } = shampoo();
    const dearer = page(
      [parent, one, { ...five, priceInclVat: 30 }, ten].sort((a, b) => (a.sku < b.sku ? -1 : 1)),
    );
    expect(facts(dearer.data, 'CS-5L').payIn3).toBe('£10.00');
  });

  it("has the panel draw Pay in 3's sentence hidden while a child is in range, and none when no child is", () => {
    const parent = shampoo().parent;
    expect(panelPayIn3({ product: parent, variants: page() })).toBeNull();
    const { one, five, ten } = shampoo();
    const cheap = page(
      [parent, one, five, { ...ten, priceInclVat: 19.99 }].sort((a, b) => (a.sku < b.sku ? -1 : 1)),
    );
    expect(panelPayIn3({ product: parent, variants: cheap })).toBeUndefined();
    const dear = page(
      [parent, { ...one, priceInclVat: 45 }, { ...five, priceInclVat: 60 }, ten].sort((a, b) =>
        a.sku < b.sku ? -1 : 1,
      ),
    );
    expect(panelPayIn3({ product: parent, variants: dear })).toBe('£15.00');
  });

  it('marks the sold-out value and checks the chosen one', () => {
    const { data, chosen } = page();
    const [volume] = pickerState(data, chosen);
    expect(volume?.map(({ label, checked, soldOut, sku }) => ({ label, checked, soldOut, sku }))).toEqual([
      { label: '1 l', checked: true, soldOut: false, sku: 'CS-1L' },
      { label: '5 l', checked: false, soldOut: false, sku: 'CS-5L' },
      { label: '10 l', checked: false, soldOut: true, sku: 'CS-10L' },
    ]);
  });

  it("carries each child's prices, model, picture, specifications, tiers and link query", () => {
    const { one, five, ten } = shampoo();
    const { data, rows } = page(
      [
        shampoo().parent,
        one,
        {
          ...five,
          tierPrices: [tier(4, 26.99)],
          technicalData: [{ code: 'volume', label: 'Volume', value: '5 l' }],
        },
        ten,
      ].sort((a, b) => (a.sku < b.sku ? -1 : 1)),
    );
    expect(facts(data, 'CS-5L')).toEqual({
      sku: 'CS-5L',
      values: { volume: 212 },
      query: 'volume=5-l',
      inStock: true,
      price: 29.99,
      inclVat: '£29.99',
      exclVat: '£24.99',
      wasInclVat: null,
      wasExclVat: null,
      payIn3: null,
      model: '6.295-302.0',
      image: { file: '/m/a/cs-5l-1.jpg', label: 'Machine CS-5L view 1' },
      specs: [['Volume', '5 l']],
      tiers: [
        {
          inclVat: 'Buy 4 or more: £26.99 each (save 10 %)',
          exclVat: 'Buy 4 or more: £22.49 each (save 10 %)',
        },
      ],
      delivery: null,
    });
    // The table without JavaScript: every child in the picker's order, one in stock adding itself to the basket.
    expect(rows.map((row) => [row.values, row.inStock, row.addHref])).toEqual([
      [['1 l'], true, '/basket?sku=CS&qty=1&super_attribute[155]=211'],
      [['5 l'], true, '/basket?sku=CS&qty=1&super_attribute[155]=212'],
      [['10 l'], false, null],
    ]);
  });
});

describe("a child's delivery", () => {
  it('is its own by price and weight, one block per way of delivering, none for a sold-out child', () => {
    const { parent, one, five, ten } = shampoo();
    const catalogue = withVariants(
      [parent, one, { ...five, weight: 400 }, ten].sort((a, b) => (a.sku < b.sku ? -1 : 1)),
    );
    const bySku = new Map(catalogue.map((item) => [item.sku, item]));
    const built = variantPage(bySku.get('CS') ?? parent, bySku, deliveryConfig);
    if (!built) throw new Error('no variants');
    const { data, deliveries } = built;
    expect(deliveries.map((delivery) => delivery.title)).toEqual([
      productDelivery(one, deliveryConfig).title,
      productDelivery({ ...five, weight: 400 }, deliveryConfig).title,
    ]);
    expect(deliveries[0]?.title).not.toBe(deliveries[1]?.title);
    expect(data.variants.map((variant) => [variant.sku, variant.delivery])).toEqual([
      ['CS-1L', 0],
      ['CS-5L', 1],
      ['CS-10L', null],
    ]);
  });
});

describe('the option picker with two attributes', () => {
  const kit = {
    attributeId: '160',
    code: 'kit',
    label: 'Kit',
    position: 1,
    values: [
      { id: 301, label: 'Standard', slug: 'standard' },
      { id: 302, label: 'Home kit', slug: 'home-kit' },
    ],
  };
  const variant = (
    sku: string,
    volume: number,
    kitId: number,
    price: number,
    inStock = true,
  ): VariantFacts => ({
    sku,
    values: { volume, kit: kitId },
    query: '',
    inStock,
    price,
    inclVat: null,
    exclVat: null,
    wasInclVat: null,
    wasExclVat: null,
    payIn3: null,
    model: null,
    image: null,
    specs: [],
    tiers: [],
    delivery: null,
  });
  const data: PickerData = {
    attributes: [page().data.attributes[0] ?? kit, kit],
    variants: [variant('A', 211, 301, 10), variant('B', 211, 302, 15, false), variant('C', 212, 301, 30)],
    image: null,
  };

  it('leads each value to the variant with the other choices kept, else the cheapest in stock with it', () => {
    const [volume, kits] = pickerState(data, facts(data, 'A'));
    expect(volume?.map((value) => [value.label, value.sku, value.soldOut])).toEqual([
      ['1 l', 'A', false],
      ['5 l', 'C', false],
      ['10 l', undefined, true],
    ]);
    expect(kits?.map((value) => [value.label, value.sku, value.soldOut])).toEqual([
      ['Standard', 'A', false],
      ['Home kit', 'B', true],
    ]);
    // From 5 l, Home kit exists only in 1 l: choosing it moves the volume too.
    expect(pickerState(data, facts(data, 'C'))[1]?.[1]?.sku).toBe('B');
    expect(openingVariant(data, '?volume=1-l&kit=home-kit')?.sku).toBe('B');
  });
});
