/**
 * Click & collect as the checkout's other way to fulfil an order (components/checkout/fulfilment.ts):
 * a "Collect from {point}" option per point among the delivery methods, what choosing one reserved below
 * them, and the billing address saved with the point's at Confirm.
 */
import type { Ga4Item } from '../../features/analytics/index.ts';
import { measureShippingInfo } from '../../features/analytics/index.ts';
import type { CheckoutAddress } from '../../features/checkout/index.ts';
import {
  collectTexts,
  pickupPointOf,
  rememberCollection,
  saveCollection,
} from '../../features/collect/index.ts';
import type { Country } from '../../magento/wire/directory.ts';
import { CollectOptions, CollectStatus } from './CollectChoice.tsx';
import { useCollect, type CollectState } from './use-collect.ts';

/** Why Confirm cannot save a collection yet ('' when it can): the reservation is pending or was refused. */
const notSaved = (collect: CollectState): string =>
  collect.hold?.kind === 'held'
    ? ''
    : collect.busy
      ? collectTexts.collectNotReady
      : collectTexts.collectNotHeld;

/** Confirm, collecting: the point's address as the shipping address, the billing form's as billing. */
async function save(
  collect: CollectState,
  billing: CheckoutAddress,
  countries: readonly Country[],
  items: Promise<Ga4Item[]>,
): Promise<void> {
  const { chosen, hold } = collect;
  if (!chosen) throw new Error('No collection point is chosen');
  await saveCollection(chosen, billing, countries);
  if (hold?.kind === 'held') rememberCollection(chosen.code, hold.day);
  await measureShippingInfo(items, collectTexts.shippingTier);
}

/** The shipping step's collection choice; `confirmed`: the point an earlier Confirm chose. */
function useCollectWay(ready: boolean, confirmed: string | undefined) {
  const collect = useCollect(ready, confirmed);
  return {
    chosen: collect.chosen !== undefined,
    offered: (collect.points?.length ?? 0) > 0,
    deliver: collect.deliver,
    options: (form: string) => <CollectOptions collect={collect} form={form} />,
    status: (deliverAll: () => void) => <CollectStatus collect={collect} deliverAll={deliverAll} />,
    notReady: () => notSaved(collect),
    save: (billing: CheckoutAddress, countries: readonly Country[], items: Promise<Ga4Item[]>) =>
      save(collect, billing, countries, items),
  };
}

/** Collecting at the shipping step (its payment-time part is collect-paying.ts). */
export const collectAtShipping = { confirmedIn: pickupPointOf, use: useCollectWay };
