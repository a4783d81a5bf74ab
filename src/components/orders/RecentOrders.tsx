/**
 * My Account's fourth block, after the spec's three: the customer's latest orders and the way to all of
 * them. It loads on its own, so the other blocks never wait for it, and a Magento that cannot answer
 * says so here with Try again.
 */
import { fetchOrders, ordersProblem } from '../../features/orders/api.ts';
import { LATEST_ORDERS, ORDERS_PATH } from '../../features/orders/order.ts';
import { strings } from '../../strings.ts';
import { LoadStatus } from '../../ui/forms/LoadStatus.tsx';
import { useLoad } from '../../ui/forms/use-load.ts';
import { OrdersTable } from './OrdersTable.tsx';
import '../../styles/orders.css';

const t = strings.orders;

export function RecentOrders() {
  const { state, retry } = useLoad(() => fetchOrders(1, LATEST_ORDERS), {
    signIn: true,
    describe: ordersProblem,
  });
  return (
    <section className="account-block account-block--orders" aria-labelledby="my-orders">
      <h2 id="my-orders">{t.myOrders}</h2>
      {state.status !== 'ready' ? (
        <LoadStatus state={state} className="account-status" text={t.loading} onRetry={retry} />
      ) : state.value.orders.length === 0 ? (
        <p>{t.none}</p>
      ) : (
        <>
          <OrdersTable orders={state.value.orders} caption={t.myOrders} />
          <a href={ORDERS_PATH}>{t.viewAll}</a>
        </>
      )}
    </section>
  );
}
