/**
 * What the account's "My machines" section works out (components/my-machines/MyMachines.tsx): the machines among the
 * products of the customer's past orders (the server's `/my-machines/ordered`, then each product's facts,
 * which name a machine's model: no product call to the back end), and the model a shopper means by what they
 * type, from the models the shop knows (`/fit-data/models.json`).
 */
import type { ModelEntry } from '../../catalogue/fit-files.ts';
import { findModel } from '../../catalogue/fits.ts';
import { asListOf, asString, handReader, isRecord } from '@cleaning-shop/kit/reader.ts';
import { asCustomer } from '../account/index.ts';
import { loadFacts, type FactsResult } from '../product-data/index.ts';
import { shopFetch } from '../../shop-api/shop-api.ts';
import { distinctMachines, keepsMachine } from './machines.ts';

const orderedAnswer = handReader((value) =>
  isRecord(value) ? asListOf(value['skus'], asString) : undefined,
);

/** The machine models among products' facts, each once, in the products' order. */
export const machinesIn = (facts: readonly FactsResult[]): string[] =>
  distinctMachines(
    facts.flatMap((result) =>
      result.status === 'found' && result.facts.machine ? [result.facts.machine] : [],
    ),
  );

/** The models of `ordered` the shopper does not keep yet, to offer with one click. */
export const offered = (ordered: readonly string[], kept: readonly string[]): string[] =>
  ordered.filter((name) => !keepsMachine(kept, name));

/** The machine models of the customer's past orders, newest first. */
export async function machinesFromOrders(): Promise<string[]> {
  const skus = await asCustomer(() => shopFetch('/my-machines/ordered', { schema: orderedAnswer }));
  return skus.length === 0 ? [] : machinesIn(await loadFacts(skus));
}

/** The model the shopper means by `typed` ("k5", "K 5 Premium"), among the models the shop knows. */
export function modelTyped(typed: string, models: readonly ModelEntry[]): ModelEntry | undefined {
  const key = findModel(
    typed,
    models.map((model) => model.key),
  );
  return key === undefined ? undefined : models.find((model) => model.key === key);
}
