import { describe, expect, it } from 'vitest';
import { readPickerData } from '../../../src/components/catalogue/picker-data.ts';
import { withVariants } from '../../../src/catalogue/variants.ts';
import { variantPage } from '../../../src/site/variant-page.ts';
import { shampoo, shampooProducts } from './fixtures.ts';

function pickerData() {
  const { five } = shampoo();
  const products = shampooProducts().map((product) =>
    product.sku === five.sku
      ? { ...product, technicalData: [{ code: 'volume', label: 'Volume', value: '5 l' }] }
      : product,
  );
  const bySku = new Map(withVariants(products).map((item) => [item.sku, item]));
  const parent = bySku.get('CS');
  const built = parent && variantPage(parent, bySku);
  if (!built) throw new Error('no variants');
  return built.data;
}

describe("the picker's embedded facts", () => {
  it('read back exactly as the page wrote them', () => {
    const data = pickerData();
    expect(readPickerData(JSON.stringify(data).replace(/</g, '\\u003c'))).toEqual(data);
  });

  it('read as nothing when they are not what the build writes (the page then works as its form)', () => {
    const data = pickerData();
    const [first, ...others] = data.variants;
    if (!first) throw new Error('no variant');
    expect(readPickerData(undefined)).toBeUndefined();
    expect(readPickerData('{"attributes": [')).toBeUndefined();
    expect(readPickerData(JSON.stringify({ ...data, image: undefined }))).toBeUndefined();
    const priceless = { ...first, price: '£1' };
    expect(readPickerData(JSON.stringify({ ...data, variants: [priceless, ...others] }))).toBeUndefined();
    const badSpec = { ...first, specs: [['Volume']] };
    expect(readPickerData(JSON.stringify({ ...data, variants: [badSpec, ...others] }))).toBeUndefined();
    const numberPayIn3 = { ...first, payIn3: 10 };
    expect(readPickerData(JSON.stringify({ ...data, variants: [numberPayIn3, ...others] }))).toBeUndefined();
  });

  it("read a page built before Pay in 3's sentence as having none to show", () => {
    const data = pickerData();
    const before = data.variants.map((variant) => {
      const written: Record<string, unknown> = { ...variant };
      delete written['payIn3'];
      return written;
    });
    const read = readPickerData(JSON.stringify({ ...data, variants: before }));
    expect(read?.variants.map((variant) => variant.payIn3)).toEqual(data.variants.map(() => null));
  });
});
