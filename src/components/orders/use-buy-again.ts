/**
 * "Buy again" on one order: the products' facts the lines need (their pictures and links, and the parent of
 * a configurable's child, which Buy again adds with its options) and the action itself, busy until the
 * basket opens.
 */
import { useEffect, useState } from 'react';
import type { OrderLine } from '../../features/orders/order.ts';
import { buyAgain } from '../../features/orders/reorder.ts';
import { loadFacts, type ProductFacts } from '../../features/product-data/index.ts';
import { notify } from '../../features/notify/index.ts';
import { problemText } from '../../shop-api/problem.ts';
import { useBusy } from '../../ui/forms/use-busy.ts';

/** The products' facts by sku, for those the shop still sells; empty until read (or if reading failed). */
function useFacts(skus: readonly string[]): ReadonlyMap<string, ProductFacts> {
  const [facts, setFacts] = useState<ReadonlyMap<string, ProductFacts>>(new Map());
  const key = skus.join('\n');
  useEffect(() => {
    let current = true;
    loadFacts([...skus])
      .then((results) => {
        const found = new Map<string, ProductFacts>();
        for (const result of results)
          if (result.status === 'found') found.set(result.facts.sku, result.facts);
        if (current) setFacts(found);
      })
      // Without the facts the lines still show, from the order, with no picture or link.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [key]);
  return facts;
}

/** Each configurable child's parent sku, from the facts read (Buy again adds the parent with its options). */
function parentSkus(facts: ReadonlyMap<string, ProductFacts>): Map<string, string> {
  const parents = new Map<string, string>();
  for (const [sku, entry] of facts) if (entry.parent) parents.set(sku, entry.parent.sku);
  return parents;
}

/** What the order's buttons need: the lines' facts, whether a Buy again is under way, and how to start one. */
export interface BuyAgain {
  facts: ReadonlyMap<string, ProductFacts>;
  busy: boolean;
  again: (lines: readonly OrderLine[]) => Promise<void>;
}

export function useBuyAgain(lines: readonly OrderLine[]): BuyAgain {
  const facts = useFacts(lines.map((line) => line.sku));
  const { busy, start, finish } = useBusy();

  /** Buys `lines` again; the basket opens when any were added, so the page stays busy until it goes. */
  async function again(chosen: readonly OrderLine[]) {
    if (!start(true)) return;
    try {
      if (!(await buyAgain(chosen, parentSkus(facts)))) finish();
    } catch (error) {
      notify(problemText(error), 'alert');
      finish();
    }
  }

  return { facts, busy, again };
}
