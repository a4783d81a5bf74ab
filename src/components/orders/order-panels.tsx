/**
 * What other features draw inside an order (OrderView, for the customer's page and the guest lookup
 * alike), in one place, so the order names no other feature: a click & collect order shows where it is
 * collected in place of the delivery address.
 */
export { OrderCollection as CollectionPanel } from '../collect/OrderCollection.tsx';
