/** Orders as rows: number (the link to the order), date, status, items and total; one card each on a phone. */
import { orderPath, type OrderSummary } from '../../features/orders/order.ts';
import { strings } from '../../strings.ts';
import { isoDay, orderDate, orderMoney } from '../../ui/order-format.ts';

const t = strings.orders;

export function OrdersTable({ orders, caption }: { orders: readonly OrderSummary[]; caption?: string }) {
  return (
    <table className="orders-table">
      {caption && <caption className="visually-hidden">{caption}</caption>}
      <thead>
        <tr>
          <th scope="col">{t.number}</th>
          <th scope="col">{t.date}</th>
          <th scope="col">{t.status}</th>
          <th scope="col" className="orders-table__number">
            {t.items}
          </th>
          <th scope="col" className="orders-table__number">
            {t.total}
          </th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order.number}>
            <th scope="row" data-label={t.number}>
              <a href={orderPath(order.number)} aria-label={t.viewOrder(order.number)}>
                {order.number}
              </a>
            </th>
            <td data-label={t.date}>
              <time dateTime={isoDay(order.placedAt)}>{orderDate(order.placedAt)}</time>
            </td>
            <td data-label={t.status}>{order.status}</td>
            <td data-label={t.items} className="orders-table__number">
              {order.itemCount}
            </td>
            <td data-label={t.total} className="orders-table__number">
              {orderMoney(order.total, order.currency)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
