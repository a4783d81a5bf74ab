/**
 * One order of the signed-in customer (`/customer/orders/{number}`: the storefront server answers every
 * such path with this page, the number is read from the address). Signed-out shoppers, and a session the
 * server says is over, go to sign in and come back here. An order that is not theirs, or does not exist,
 * is the same "not found" with the way back to My orders; Magento down says so with Try again. After the
 * order, what other features add (customer-order-panels.tsx: "Return items", the return form of components/returns/).
 */
import { fetchOrder, ordersProblem } from '../../features/orders/api.ts';
import { orderNumberOf, ORDERS_PATH, type OrderDetail } from '../../features/orders/order.ts';
import { ShopApiError } from '../../shop-api/shop-api.ts';
import { strings } from '../../strings.ts';
import '../../styles/forms.css';
import { LoadStatus } from '../../ui/forms/LoadStatus.tsx';
import { useLoad } from '../../ui/forms/use-load.ts';
import { signedInHere } from '../../ui/signed-in-guard.ts';
import { OrderView } from './OrderView.tsx';
import { AfterOrderPanels } from './customer-order-panels.tsx';
import '../../styles/orders.css';

const t = strings.orders;

/** The number in `/customer/orders/{number}`; undefined for anything else. */
function numberInPath(): string | undefined {
  const match = /^\/customer\/orders\/([^/]+)\/?$/.exec(window.location.pathname);
  if (!match?.[1]) return undefined;
  try {
    return orderNumberOf(decodeURIComponent(match[1]));
  } catch {
    return undefined;
  }
}

/** The order, or null when the customer has none with this number. */
async function loadOrder(): Promise<OrderDetail | null> {
  const number = numberInPath();
  if (number === undefined) return null;
  try {
    return await fetchOrder(number);
  } catch (error) {
    if (error instanceof ShopApiError && error.status === 404) return null;
    throw error;
  }
}

export default function CustomerOrder() {
  const { state, retry } = useLoad(loadOrder, {
    guard: signedInHere,
    signIn: true,
    comeBack: true,
    describe: ordersProblem,
  });
  if (state.status !== 'ready')
    return <LoadStatus state={state} className="account-status" text={t.loadingOrder} onRetry={retry} />;
  if (state.value === null)
    return (
      <div className="orders-empty">
        <h1 className="page-title">{t.notFound}</h1>
        <a className="button" href={ORDERS_PATH}>
          {t.backToOrders}
        </a>
      </div>
    );
  return (
    <>
      <OrderView order={state.value} heading="h1" />
      <AfterOrderPanels order={state.value} />
      <p className="order__back">
        <a href={ORDERS_PATH}>{t.backToOrders}</a>
      </p>
    </>
  );
}
