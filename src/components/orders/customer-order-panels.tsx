/**
 * What other features add after a signed-in customer's order on its page (CustomerOrder), in one place:
 * returning items from it (components/returns/) and putting its lines on a requisition list (a plain link
 * to the page that asks which list). Apart from order-panels.tsx, so the guest lookup's order does not
 * carry them.
 */
import type { OrderDetail } from '../../features/orders/order.ts';
import { addLinesLink, requisitionListsTexts } from '../../features/requisition-lists/index.ts';
import { ReturnItems } from '../returns/ReturnItems.tsx';

function ToRequisitionList({ order }: { order: OrderDetail }) {
  const lines = order.lines.slice(0, 100).map((line) => ({ sku: line.sku, quantity: line.qty }));
  if (lines.length === 0) return null;
  return (
    <p className="order__back">
      <a href={addLinesLink(lines, `/customer/orders/${encodeURIComponent(order.number)}`)}>
        {requisitionListsTexts.orderLink}
      </a>
    </p>
  );
}

export function AfterOrderPanels({ order }: { order: OrderDetail }) {
  return (
    <>
      <ToRequisitionList order={order} />
      <ReturnItems source={{ kind: 'customer', number: order.number }} />
    </>
  );
}
