/**
 * The shipping step's delivery choice: the methods Magento offers for the destination (features/cart/
 * delivery.ts), the one chosen (the cart's own when it has one and it is still offered, else the
 * cheapest), and Magento's totals with it (`totals-information`, saving nothing), asked again on every
 * change. The newest answer wins; a failure keeps what was shown and says why.
 */
import { useEffect, useRef, useState } from 'react';
import {
  deliveryChoices,
  estimateMethods,
  previewTotals,
  type DeliveryAddress,
  type DeliveryDestination,
} from '../../features/cart/index.ts';
import { problemText } from '../../shop-api/problem.ts';
import { methodKey, type ShippingMethod } from '../../magento/wire/shipping-method.ts';
import type { Totals } from '../../magento/wire/shopper-totals.ts';

export interface DeliveryState {
  /** undefined while the first estimate runs. */
  readonly choices: readonly ShippingMethod[] | undefined;
  readonly chosen: ShippingMethod | undefined;
  readonly totals: Totals | undefined;
  readonly problem: string;
  readonly choose: (key: string) => void;
  /**
   * Asks Magento now for `destination` (Confirm pressed before the last change was estimated) and answers
   * the method that is then chosen: the one chosen before if still offered, else the cheapest.
   */
  readonly settle: (destination: DeliveryDestination) => Promise<ShippingMethod | undefined>;
}

/** The key kept when still offered, else the cheapest's. */
const keep = (key: string, offered: readonly ShippingMethod[]): string =>
  offered.some((method) => methodKey(method) === key) ? key : offered[0] ? methodKey(offered[0]) : '';

/**
 * `destination` is where to estimate for (undefined: not known well enough yet); `address` is what the
 * totals preview sends; `cartMethod` the method the cart already holds (`flatrate_flatrate`).
 */
export function useDelivery(
  destination: DeliveryDestination | undefined,
  address: DeliveryAddress | undefined,
  cartMethod: string,
): DeliveryState {
  const [choices, setChoices] = useState<readonly ShippingMethod[] | undefined>(undefined);
  const [chosenKey, setChosenKey] = useState(cartMethod);
  const [totals, setTotals] = useState<Totals | undefined>(undefined);
  const [problem, setProblem] = useState('');
  const estimates = useRef(0);
  const previews = useRef(0);
  const destinationKey = JSON.stringify(destination ?? null);

  useEffect(() => {
    if (!destination) return;
    const request = ++estimates.current;
    estimateMethods(destination).then(
      (methods) => {
        if (request !== estimates.current) return;
        const offered = deliveryChoices(methods);
        setChoices(offered);
        setChosenKey((key) => keep(key, offered));
        setProblem('');
      },
      (error: unknown) => {
        if (request === estimates.current) setProblem(problemText(error));
      },
    );
  }, [destinationKey]);

  const chosen = choices?.find((method) => methodKey(method) === chosenKey);
  const previewKey = `${chosenKey}|${JSON.stringify(address ?? null)}|${choices === undefined}`;
  useEffect(() => {
    if (!chosen || !address) return;
    const request = ++previews.current;
    previewTotals(address, chosen).then(
      (answer) => {
        if (request === previews.current) setTotals(answer);
      },
      (error: unknown) => {
        if (request === previews.current) setProblem(problemText(error));
      },
    );
  }, [previewKey]);

  async function settle(where: DeliveryDestination): Promise<ShippingMethod | undefined> {
    const request = ++estimates.current;
    const offered = deliveryChoices(await estimateMethods(where));
    const key = keep(chosenKey, offered);
    if (request === estimates.current) {
      setChoices(offered);
      setChosenKey(key);
    }
    return offered.find((method) => methodKey(method) === key);
  }

  return { choices, chosen, totals, problem, choose: setChosenKey, settle };
}
