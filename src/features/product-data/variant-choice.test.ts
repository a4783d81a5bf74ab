import { describe, expect, it, vi } from 'vitest';
import { choiceIn, choicesOf } from './variant-choice.ts';

/** The parents' facts files as loadFacts reads them: `CS` only (any other parent cannot be had). */
const loadFacts = vi.hoisted(() => vi.fn());
vi.mock('./facts.ts', () => ({ loadFacts }));

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

describe('choicesOf', () => {
  const childOf = (sku: string, parentSku: string) => ({
    sku,
    parent: { sku: parentSku, name: 'Car Shampoo', options: [] },
  });

  it("chooses each child of the products given by its parent's facts, each parent read once", async () => {
    loadFacts.mockImplementation(async (skus: readonly string[]) =>
      skus.map((sku) => (sku === 'CS' ? { status: 'found', facts: parent } : { status: 'failed' })),
    );
    const choices = await choicesOf([
      childOf('CS-5L', 'CS'),
      { sku: 'HG-1' },
      childOf('CS-ODD', 'CS'),
      childOf('X-1', 'X'),
    ]);
    expect([...choices.keys()]).toEqual(['CS-5L']);
    expect(choices.get('CS-5L')?.parentSku).toBe('CS');
    expect(loadFacts).toHaveBeenCalledOnce();
    expect(loadFacts).toHaveBeenCalledWith(['CS', 'X']);
  });

  it('reads no facts when no product is a child', async () => {
    loadFacts.mockClear();
    expect((await choicesOf([{ sku: 'HG-1' }])).size).toBe(0);
    expect(loadFacts).not.toHaveBeenCalled();
  });
});
