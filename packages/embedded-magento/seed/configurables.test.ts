import { describe, expect, it } from 'vitest';
import { generateCatalogue } from './catalogue.ts';
import {
  ALL_GROUPS,
  CONFIGURABLES_FROM,
  DEMO_CONFIGURABLES,
  DEMO_TIER_PRICES,
  GENERAL_GROUP,
  attributeIdOf,
  demoConfigurables,
} from './configurables.ts';
import type { SeedCatalogue, SeedProduct } from './types.ts';

const catalogue = generateCatalogue({ seed: 1, productCount: 250, brand: 'Clearwater' });
const bySku = new Map(catalogue.products.map((p) => [p.sku, p]));
const product = (sku: string): SeedProduct => {
  const found = bySku.get(sku);
  if (!found) throw new Error(`no product ${sku}`);
  return found;
};
const option = (c: SeedCatalogue, code: string, id: string) =>
  c.attributes.find((a) => a.code === code)?.options.find((o) => String(o.id) === id);

describe('configurable families', () => {
  it('are the exported facts: parents with children in volume or kit, both kinds present', () => {
    expect(catalogue.configurables.map((c) => c.parentSku)).toEqual(
      DEMO_CONFIGURABLES.map((c) => c.parentSku),
    );
    for (const fact of DEMO_CONFIGURABLES) {
      const link = catalogue.configurables.find((c) => c.parentSku === fact.parentSku);
      expect(link?.childSkus).toEqual(fact.children.map((c) => c.sku));
      expect(link?.attributeCodes).toEqual([fact.attributeCode]);
      expect(fact.attributeId).toBe(attributeIdOf(catalogue.attributes, fact.attributeCode));
    }
    expect(DEMO_CONFIGURABLES.filter((c) => c.attributeCode === 'volume').length).toBeGreaterThanOrEqual(5);
    expect(DEMO_CONFIGURABLES.filter((c) => c.attributeCode === 'kit').length).toBeGreaterThanOrEqual(2);
    const shampoo = DEMO_CONFIGURABLES.find((c) => c.name === 'Clearwater Car Shampoo');
    expect(shampoo?.children.map((c) => c.valueLabel)).toEqual(['1 l', '2.5 l', '5 l']);
    // No card per size any more: the generated detergents are not called Car Shampoo.
    expect(
      catalogue.products.filter((p) => p.name.includes('Car Shampoo') && p.visibility === 4),
    ).toHaveLength(1);
  });

  it('parents are visible in their categories with a url key, price 0, no stock of their own', () => {
    for (const fact of DEMO_CONFIGURABLES) {
      const parent = product(fact.parentSku);
      expect(parent).toMatchObject({ typeId: 'configurable', visibility: 4, status: 1, price: 0, qty: 0 });
      expect(parent.name).toBe(fact.name);
      expect(parent.customAttributes['url_key']).toBe(fact.urlKey);
      expect(parent.categoryIds).toEqual(fact.categoryIds);
      expect(Object.keys(parent.categoryPositions).map(Number).sort()).toEqual([...fact.categoryIds].sort());
      expect(parent.isInStock).toBe(fact.children.some((c) => c.inStock));
      expect(parent.images.length).toBeGreaterThan(0);
    }
  });

  it('children are not visible on their own and carry sku, model number, price, stock, picture and value', () => {
    const models = new Set<string>();
    for (const fact of DEMO_CONFIGURABLES) {
      for (const child of fact.children) {
        const p = product(child.sku);
        expect(p.sku.startsWith(`${fact.parentSku}-`)).toBe(true);
        expect(p).toMatchObject({ visibility: 1, status: 1, price: child.price, isInStock: child.inStock });
        expect(p.typeId).toBeUndefined();
        expect(p.categoryIds).toEqual([]);
        expect(p.qty > 0).toBe(child.inStock);
        expect(p.customAttributes['supplier_code']).toBe(child.model);
        models.add(child.model);
        const value = p.customAttributes[fact.attributeCode] ?? '';
        expect(value).toBe(String(child.valueId));
        expect(option(catalogue, fact.attributeCode, value)?.label).toBe(child.valueLabel);
        expect(p.images[0]?.file).toMatch(new RegExp(`${child.sku.toLowerCase()}-1\\.jpg$`));
        expect(p.customAttributes['image']).toBe(p.images[0]?.file);
      }
      // Each child a different value: Magento refuses two children with the same set.
      expect(new Set(fact.children.map((c) => c.valueId)).size).toBe(fact.children.length);
    }
    expect(models.size).toBe(DEMO_CONFIGURABLES.flatMap((c) => c.children).length);
  });

  it('has a sold-out child that is not the cheapest of its family', () => {
    const soldOut = DEMO_CONFIGURABLES.filter((fact) =>
      fact.children.some(
        (c) =>
          !c.inStock && c.price > Math.min(...fact.children.filter((o) => o.inStock).map((o) => o.price)),
      ),
    );
    expect(soldOut.length).toBeGreaterThanOrEqual(1);
  });

  it('gives professional detergents and consumables ALL GROUPS tiers, and one General-only tier', () => {
    expect(catalogue.tierPrices).toEqual(DEMO_TIER_PRICES);
    const professional = DEMO_CONFIGURABLES.filter((c) => /^PRO-(DT|CN)-/.test(c.parentSku));
    expect(professional.some((c) => c.parentSku.startsWith('PRO-CN-'))).toBe(true);
    for (const fact of professional) {
      for (const child of fact.children) {
        const tiers = DEMO_TIER_PRICES.filter((t) => t.sku === child.sku && t.customerGroupId === ALL_GROUPS);
        expect(tiers.map((t) => t.qty)).toEqual([4, 10]);
        for (const tier of tiers) expect(tier.value).toBeLessThan(child.price);
      }
    }
    expect(DEMO_TIER_PRICES.filter((t) => t.customerGroupId === GENERAL_GROUP)).toHaveLength(1);
    // Only children carry tiers (a configurable's tiers live on its children).
    const childSkus = new Set(DEMO_CONFIGURABLES.flatMap((c) => c.children.map((child) => child.sku)));
    expect(DEMO_TIER_PRICES.every((t) => childSkus.has(t.sku))).toBe(true);
  });

  it('keeps skus and url keys unique at every size, and merchandises parents after the generated products', () => {
    for (const count of [CONFIGURABLES_FROM, 250, 10_000]) {
      const c = generateCatalogue({ seed: 3, productCount: count, brand: 'Clearwater' });
      const skus = c.products.map((p) => p.sku);
      const keys = c.products.map((p) => p.customAttributes['url_key']);
      expect(new Set(skus).size).toBe(skus.length);
      expect(new Set(keys).size).toBe(keys.length);
      for (const fact of DEMO_CONFIGURABLES) {
        const parent = c.products.find((p) => p.sku === fact.parentSku);
        for (const id of fact.categoryIds) {
          const members = c.products.filter((p) => p.categoryIds.includes(id));
          const positions = members.map((p) => p.categoryPositions[id] ?? 0).sort((a, b) => a - b);
          expect(positions).toEqual(members.map((_, i) => i + 1));
          expect(parent?.categoryPositions[id]).toBeGreaterThan(members.filter((p) => !p.typeId).length);
        }
      }
    }
  });

  it('names follow the brand', () => {
    expect(demoConfigurables('Otherbrand')[0]?.name).toBe('Otherbrand Car Shampoo');
    expect(generateCatalogue({ seed: 1, productCount: 99, brand: 'Clearwater' }).tierPrices).toEqual([]);
  });
});
