import { describe, expect, it } from 'vitest';
import { variantName, variantOptions } from './variant-name.ts';

describe('variantName', () => {
  it("names a configurable's child by its parent and the chosen options", () => {
    const child = {
      name: 'Car Shampoo 5 l',
      parent: {
        sku: 'CS',
        name: 'Car Shampoo',
        options: [{ code: 'volume', label: 'Volume', value: '5 l' }],
      },
    };
    expect(variantName(child)).toBe('Car Shampoo (Volume: 5 l)');
    expect(variantOptions(child)).toBe('Volume: 5 l');
  });

  it('keeps any other product its own name', () => {
    expect(variantName({ name: 'Hose reel' })).toBe('Hose reel');
    expect(variantOptions({})).toBe('');
  });
});
