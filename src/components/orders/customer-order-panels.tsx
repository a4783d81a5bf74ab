/**
 * What other features add after a signed-in customer's order on its page (CustomerOrder), in one place:
 * returning items from it (components/returns/). Apart from order-panels.tsx, so the guest lookup's
 * order does not carry the return form.
 */
import { ReturnItems } from '../returns/ReturnItems.tsx';

export function AfterOrderPanels({ number }: { number: string }) {
  return <ReturnItems source={{ kind: 'customer', number }} />;
}
