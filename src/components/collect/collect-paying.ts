/**
 * Click & collect at the payment step (components/checkout/fulfilment.ts): the point the cart is
 * collected from, remembered as the shopper pays for the placed order's page (placed-panels.tsx). Apart
 * from collect-way.tsx, so the payment step loads nothing of the shipping step's choice.
 */
import { pickupPointOf, rememberCollection } from '../../features/collect/index.ts';

export const collectWhenPaying = {
  confirmedIn: pickupPointOf,
  paying: (point: string | undefined) => rememberCollection(point),
};
