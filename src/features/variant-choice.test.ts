import { describe, expect, it } from 'vitest';
import { choiceIn } from './variant-choice.ts';

const parent = {
  sku: 'CS',
  variants: {
    attributes: [
      { code: 'volume', id: '155', label: 'Volume', values: [{ id: 212, label: '5 l', slug: '5-l' }] },
      { code: 'kit', id: '160', label: 'Kit', values: [{ id: 301, label: 'Home kit', slug: 'home-kit' }] },
    ],
    children: [
      {
        sku: 'CS-5L',
        values: { volume: 212, kit: 301 },
        priceInclVat: 24.5,
        priceExclVat: 20.42,
        inStock: true,
        model: null,
      },
      {
        sku: 'CS-ODD',
        values: { volume: 212 },
        priceInclVat: 24.5,
        priceExclVat: 20.42,
        inStock: true,
        model: null,
      },
    ],
  },
};

describe('choiceIn', () => {
  it("gives the parent's sku and the child's attribute and option ids, as the cart takes them", () => {
    expect(choiceIn(parent, 'CS-5L')).toEqual({
      parentSku: 'CS',
      options: [
        { option_id: '155', option_value: 212 },
        { option_id: '160', option_value: 301 },
      ],
    });
  });

  it('has no choice for a sku that is not a child, or a child without every value', () => {
    expect(choiceIn(parent, 'OTHER')).toBeUndefined();
    expect(choiceIn(parent, 'CS-ODD')).toBeUndefined();
    expect(choiceIn({ sku: 'HG-1' }, 'CS-5L')).toBeUndefined();
  });
});
