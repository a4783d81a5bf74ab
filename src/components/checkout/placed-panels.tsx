/**
 * What other features add to the page of an order just placed (PaidOrder, PlacedOnAccount), in one place,
 * so the checkout's outcome pages name no other feature: for an order to collect, where, when and what to
 * bring (the point this tab paid to collect from).
 */
import { collectionInThisTab } from '../../features/collect/index.ts';
import { CollectionConfirmation } from '../collect/CollectionConfirmation.tsx';

export function PlacedPanels() {
  const collecting = collectionInThisTab();
  return collecting ? <CollectionConfirmation collecting={collecting} /> : null;
}
