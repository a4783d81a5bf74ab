/**
 * The account's My machines: the machines found among the products of past orders (by their facts), those
 * offered (not kept yet), and the model a shopper means by what they type.
 */
import { describe, expect, it } from 'vitest';
import type { ModelEntry } from '../../catalogue/fit-files.ts';
import type { FactsResult, ProductFacts } from '../product-data/facts.ts';
import { machinesIn, modelTyped, offered } from './account.ts';

const found = (sku: string, machine?: string): FactsResult => ({
  status: 'found',
  facts: {
    sku,
    name: sku,
    href: `/${sku}`,
    image: null,
    priceInclVat: null,
    priceExclVat: null,
    inStock: true,
    kind: null,
    specs: {},
    ...(machine ? { machine } : {}),
  } satisfies ProductFacts,
});

const model = (name: string, key: string): ModelEntry => ({
  name,
  slug: key,
  key,
  kind: null,
  machines: 1,
  parts: 3,
});

describe('machines from past orders', () => {
  it('are the machines among the products, each model once, in order; parts and gone products are not', () => {
    const facts = [
      found('HOSE'),
      found('K5-PREMIUM', 'K 5'),
      { status: 'gone' as const },
      found('WD3', 'WD 3'),
      found('K5-BASIC', 'K 5'),
    ];
    expect(machinesIn(facts)).toEqual(['K 5', 'WD 3']);
  });

  it('are offered unless kept already, however typed', () => {
    expect(offered(['K 5', 'WD 3'], ['k5'])).toEqual(['WD 3']);
    expect(offered(['K 5'], [])).toEqual(['K 5']);
  });
});

describe('modelTyped', () => {
  const models = [model('K 5', 'k5'), model('K 50', 'k50'), model('HD 6/15', 'hd6/15')];
  it('finds the model however typed, or from a machine’s full name', () => {
    expect(modelTyped('k5', models)?.name).toBe('K 5');
    expect(modelTyped('K 5 Premium Power Control', models)?.name).toBe('K 5');
    expect(modelTyped('hd 6-15', models)?.name).toBe('HD 6/15');
    expect(modelTyped('K 50', models)?.name).toBe('K 50');
  });
  it('finds none for a model the shop does not know', () => {
    expect(modelTyped('K 7', models)).toBeUndefined();
    expect(modelTyped('K 500', models)).toBeUndefined();
  });
});
