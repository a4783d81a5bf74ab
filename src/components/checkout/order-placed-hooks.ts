/**
 * What placing an order does beyond the checkout, feature by feature, in one place (checkout-state.ts
 * `onOrderPlaced`): the islands that place or confirm an order register these first. Click & collect puts
 * back what a split collection set aside, as a new basket for delivery.
 */
import { onOrderPlaced } from '../../features/checkout/checkout-state.ts';
import { bringBackSetAside } from '../../features/collect/index.ts';

export function registerOrderPlaced(): void {
  onOrderPlaced([bringBackSetAside]);
}
