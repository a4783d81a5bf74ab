import { describe, expect, it } from 'vitest';
import {
  chosenOptions,
  optionLabels,
  optionParams,
  hasChosenOptions,
  optionsText,
  productOption,
  totalsOptions,
} from './item-options.ts';

describe('chosenOptions', () => {
  it("reads the picker's super_attribute fields as Magento's configurable_item_options", () => {
    const form = new URLSearchParams(
      'sku=CAR-SHAMPOO&qty=2&super_attribute[155]=212&super_attribute[160]=301',
    );
    expect(chosenOptions(form)).toEqual([
      { option_id: '155', option_value: 212 },
      { option_id: '160', option_value: 301 },
    ]);
  });

  it('keeps the last value of an attribute, as a form post is read', () => {
    expect(
      chosenOptions([
        ['super_attribute[155]', '211'],
        ['super_attribute[155]', '212'],
      ]),
    ).toEqual([{ option_id: '155', option_value: 212 }]);
  });

  it("leaves out what is no option id, so Magento's own message says a choice is missing", () => {
    expect(
      chosenOptions([
        ['super_attribute[155]', 'abc'],
        ['super_attribute[156]', ''],
        ['super_attribute[x]', '1'],
        ['super_attribute[157]', '1.5'],
        ['qty', '1'],
      ]),
    ).toEqual([]);
  });
});

describe('productOption', () => {
  it('is none for a simple product, and the extension attributes for a choice', () => {
    expect(productOption([])).toBeUndefined();
    expect(productOption([{ option_id: '155', option_value: 212 }])).toEqual({
      extension_attributes: { configurable_item_options: [{ option_id: '155', option_value: 212 }] },
    });
  });

  it('goes back into a query as the names the basket reads', () => {
    const options = [{ option_id: '155', option_value: 212 }];
    expect(chosenOptions(new URLSearchParams(optionParams(options)))).toEqual(options);
  });
});

describe('hasChosenOptions', () => {
  it("is true of a cart item whose product_option names Magento's configurable options", () => {
    expect(
      hasChosenOptions({
        sku: 'CS-5L',
        product_option: productOption([{ option_id: '155', option_value: 212 }]),
      }),
    ).toBe(true);
    expect(hasChosenOptions({ sku: 'HG-1' })).toBe(false);
    expect(hasChosenOptions({ product_option: null })).toBe(false);
    expect(
      hasChosenOptions({ product_option: { extension_attributes: { configurable_item_options: [] } } }),
    ).toBe(false);
  });
});

describe('optionLabels', () => {
  it("reads the totals item's JSON string of labels", () => {
    expect(optionLabels('[{"value":"5 l","label":"Volume"},{"value":"Home kit","label":"Kit"}]')).toEqual([
      { label: 'Volume', value: '5 l' },
      { label: 'Kit', value: 'Home kit' },
    ]);
  });

  it.each([['[]'], ['not json'], [null], [undefined], ['{"value":"5 l"}'], ['[{"label":"Volume"}]'], [42]])(
    '%j is no options',
    (options) => {
      expect(optionLabels(options)).toEqual([]);
    },
  );

  it('writes them as the shopper reads them', () => {
    expect(
      optionsText(optionLabels('[{"value":5,"label":"Volume"},{"value":"Home kit","label":"Kit"}]')),
    ).toBe('Volume: 5, Kit: Home kit');
  });
});

describe('totalsOptions', () => {
  it("maps each line with options to its labels, by Magento's item id", () => {
    const totals = {
      items: [
        { item_id: 7, options: '[{"value":"5 l","label":"Volume"}]' },
        { item_id: 8, options: '[]' },
        { options: '[{"value":"1 l","label":"Volume"}]' },
      ],
    };
    expect([...totalsOptions(totals)]).toEqual([[7, [{ label: 'Volume', value: '5 l' }]]]);
    expect(totalsOptions({}).size).toBe(0);
  });
});
