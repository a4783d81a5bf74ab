/**
 * The shipping step's two moving parts: where delivery is estimated for (the saved address the form was
 * filled from, or what the shopper typed there once typing pauses) with Magento's choices for it, and
 * Confirm: both forms checked, the delivery method settled if Magento has not answered for the address as
 * it now reads, then the addresses and method saved and the shopper sent on to payment.
 */
import { useRef, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { CHECKOUT_PATHS, type CheckoutAddress } from '../../features/checkout/checkout.ts';
import { saveShippingInformation } from '../../features/checkout/checkout-state.ts';
import type { DeliveryAddress, DeliveryDestination } from '../../features/cart/index.ts';
import { measureShippingInfo } from '../../features/analytics/index.ts';
import type { FieldProblems } from '../../features/account/index.ts';
import { goTo, leftForSignIn } from '../../shop-api/navigation.ts';
import { problemText } from '../../shop-api/problem.ts';
import type { Country } from '../../magento/wire/directory.ts';
import { strings } from '../../strings.ts';
import { announceProblems } from '../../ui/forms/Field.tsx';
import { useBusy } from '../../ui/forms/use-busy.ts';
import type { FulfilmentWay } from './fulfilment.ts';
import { useDelivery, type DeliveryState } from './use-delivery.ts';
import {
  deliveryAddress,
  deliveryTier,
  nameOf,
  problemsOf,
  readAddress,
  sameWhere,
  type Forms,
} from './shipping-forms.ts';

/** The shipping form's fields delivery depends on: a change to one asks Magento again. */
const DELIVERY_FIELDS = ['country', 'postcode', 'region', 'city'] as const;
const DELIVERY_DELAY_MS = 400;

export interface ShippingDelivery {
  delivery: DeliveryState;
  /** Where the shipping form says, as last estimated for. */
  typed: DeliveryAddress | undefined;
  destination: DeliveryDestination | undefined;
  /** A change in the form: a change to where delivery goes estimates again once typing pauses. */
  changed: (event: ChangeEvent<HTMLFormElement>) => void;
  /** Forgets a pending estimate (Confirm is saving). */
  stopWaiting: () => void;
}

export function useShippingDelivery(forms: Forms | undefined): ShippingDelivery {
  /** Where the shopper changed the delivery address to since the form was filled (once typing paused). */
  const [edited, setEdited] = useState<DeliveryAddress | undefined>(undefined);
  const typed = edited ?? (forms && deliveryAddress(forms.shipping, forms.countries));
  const destination: DeliveryDestination | undefined =
    forms?.savedShippingId !== undefined && !edited
      ? { addressId: forms.savedShippingId }
      : typed && { address: typed };
  const delivery = useDelivery(destination, typed, forms?.cartMethod ?? '');
  const pause = useRef<number | undefined>(undefined);

  function changed(event: ChangeEvent<HTMLFormElement>) {
    const target = event.target;
    if (!forms || !(target instanceof HTMLInputElement)) return;
    if (!DELIVERY_FIELDS.some((field) => target.name === nameOf('shipping', field))) return;
    const form = event.currentTarget;
    window.clearTimeout(pause.current);
    pause.current = window.setTimeout(() => {
      const address = deliveryAddress(readAddress(form, 'shipping'), forms.countries);
      if (address) setEdited(address);
    }, DELIVERY_DELAY_MS);
  }

  return { delivery, typed, destination, changed, stopWaiting: () => window.clearTimeout(pause.current) };
}

/** The method to save: the one chosen, unless Confirm was pressed before Magento answered for where the form now says. */
async function methodToSave(
  shipping: CheckoutAddress,
  countries: readonly Country[],
  where: ShippingDelivery,
) {
  const said = deliveryAddress(shipping, countries);
  const stale = !sameWhere(said, where.typed);
  const asked = stale ? said && { address: said } : where.destination;
  return !stale && where.delivery.chosen
    ? where.delivery.chosen
    : asked && (await where.delivery.settle(asked));
}

export function useConfirm(
  forms: Forms | undefined,
  sameAddress: boolean,
  where: ShippingDelivery,
  other: FulfilmentWay,
) {
  const [problems, setProblems] = useState<FieldProblems>({});
  const [error, setError] = useState('');
  const { busy, start, finish } = useBusy();

  /** Confirm, the other way chosen (collecting): the billing form only, the way's own shipping address. */
  async function confirmOther(form: HTMLFormElement, forms: Forms) {
    const billing = readAddress(form, 'billing');
    const found = problemsOf('billing', billing);
    setProblems(found);
    setError('');
    if (announceProblems(form, found)) return;
    const notReady = other.notReady();
    if (notReady) return setError(notReady);
    if (!start(true)) return;
    try {
      await other.save(billing, forms.countries, forms.items);
      goTo(CHECKOUT_PATHS.payment);
    } catch (failure) {
      finish();
      if (!leftForSignIn(failure)) setError(problemText(failure));
    }
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!forms) return;
    const form = event.currentTarget;
    if (other.chosen) return confirmOther(form, forms);
    const shipping = readAddress(form, 'shipping');
    const billing = sameAddress ? shipping : readAddress(form, 'billing');
    const found = {
      ...problemsOf('shipping', shipping),
      ...(sameAddress ? {} : problemsOf('billing', billing)),
    };
    setProblems(found);
    setError('');
    if (announceProblems(form, found)) return;
    if (!start(true)) return;
    try {
      const method = await methodToSave(shipping, forms.countries, where);
      if (!method) {
        finish();
        setError(strings.checkout.noDelivery);
        return;
      }
      where.stopWaiting();
      await saveShippingInformation(shipping, billing, forms.countries, method);
      await measureShippingInfo(forms.items, deliveryTier(method));
      goTo(CHECKOUT_PATHS.payment);
    } catch (failure) {
      finish();
      if (!leftForSignIn(failure)) setError(problemText(failure));
    }
  }

  return { problems, error, busy, submit };
}
