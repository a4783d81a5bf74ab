/** Related products, up-sells and cross-sells between generated products (random, seeded). */
import { FAMILIES } from './data/families.ts';
import type { Audience } from './data/shape.ts';
import type { Random } from './random.ts';
import type { Slot } from './slots.ts';
import type { SeedProduct, SeedProductLink } from './types.ts';

export function addLinks(
  r: Random,
  products: Pick<SeedProduct, 'sku' | 'status' | 'visibility' | 'isInStock' | 'links'>[],
  slots: readonly Slot[],
): void {
  const byCategory = new Map<number, number[]>();
  const pools = new Map<string, number[]>();
  const pushTo = <K>(map: Map<K, number[]>, key: K, i: number): void => {
    const list = map.get(key);
    if (list) list.push(i);
    else map.set(key, [i]);
  };
  slots.forEach((slot, i) => {
    const p = products[i];
    if (!p) return;
    pushTo(byCategory, slot.def.id, i);
    // Cross-sells and up-sells come from the audience's own accessories and detergents categories,
    // preferably products a shopper can buy; fall back to any product there.
    const code = slot.def.code;
    if (code !== 'accessories' && code !== 'detergents') return;
    const sellable = p.status === 1 && p.visibility === 4 && p.isInStock;
    if (sellable) pushTo(pools, `${slot.def.audience}:${code}:good`, i);
    pushTo(pools, `${slot.def.audience}:${code}:any`, i);
  });
  const pool = (audience: Audience, code: 'accessories' | 'detergents'): number[] =>
    pools.get(`${audience}:${code}:good`) ?? pools.get(`${audience}:${code}:any`) ?? [];

  slots.forEach((slot, i) => {
    const product = products[i];
    if (!product) return;
    const role = FAMILIES[slot.def.family].role;
    const links: SeedProductLink[] = [];
    const add = (linkType: SeedProductLink['linkType'], indices: readonly number[]): void => {
      indices.forEach((j, k) => {
        const linked = products[j];
        if (linked) links.push({ linkType, linkedSku: linked.sku, position: k + 1 });
      });
    };
    const siblings = byCategory.get(slot.def.id) ?? [];
    const related = (count: number): number[] =>
      r
        .sample(siblings, count + 1)
        .filter((j) => j !== i)
        .slice(0, count);
    if (role === 'machine') {
      add('related', related(r.int(2, 4)));
      add('upsell', r.sample(pool(slot.def.audience, 'detergents'), r.int(1, 3)));
      add('crosssell', r.sample(pool(slot.def.audience, 'accessories'), r.int(2, 4)));
    } else {
      add('related', related(r.int(1, 3)));
    }
    product.links = links;
  });
}
