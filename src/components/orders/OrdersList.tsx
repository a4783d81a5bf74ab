/**
 * My orders (`/customer/orders?page=N`): the signed-in customer's orders, newest first, 10 a page, each
 * linking to its page, with plain links between pages. Signed-out shoppers, and a session the server says
 * is over, sign in and come back; no orders says so with a way into the shop; Magento down says so with
 * Try again; a page past the last goes to the last.
 */
import { Leave } from '../../shop-api/navigation.ts';
import { fetchOrders, ordersProblem } from '../../features/orders/api.ts';
import { ORDERS_PATH, type OrdersPage } from '../../features/orders/order.ts';
import { strings } from '../../strings.ts';
import '../../styles/forms.css';
import { LoadStatus } from '../../ui/forms/LoadStatus.tsx';
import { useLoad } from '../../ui/forms/use-load.ts';
import { signedInHere } from '../../ui/signed-in-guard.ts';
import { OrdersTable } from './OrdersTable.tsx';
import '../../styles/orders.css';

const t = strings.orders;

const pageHref = (page: number) => (page === 1 ? ORDERS_PATH : `${ORDERS_PATH}?page=${page}`);

function pageAsked(): number {
  const page = Number(new URLSearchParams(window.location.search).get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

async function loadPage(): Promise<OrdersPage | Leave> {
  const found = await fetchOrders(pageAsked());
  if (found.orders.length === 0 && found.pages > 0) return new Leave(pageHref(found.pages));
  return found;
}

function Pages({ page, pages }: { page: number; pages: number }) {
  if (pages <= 1) return null;
  return (
    <nav className="orders-pages" aria-label={t.pagination}>
      {page > 1 ? <a href={pageHref(page - 1)}>{t.previous}</a> : <span />}
      <span aria-current="page">{t.pageOf(page, pages)}</span>
      {page < pages ? <a href={pageHref(page + 1)}>{t.next}</a> : <span />}
    </nav>
  );
}

export default function OrdersList() {
  const { state, retry } = useLoad(loadPage, {
    guard: signedInHere,
    signIn: true,
    comeBack: true,
    describe: ordersProblem,
  });
  if (state.status !== 'ready')
    return <LoadStatus state={state} className="account-status" text={t.loading} onRetry={retry} />;
  const { orders, page, pages } = state.value;
  if (orders.length === 0)
    return (
      <div className="orders-empty">
        <p>{t.none}</p>
        <a className="button" href="/">
          {t.startShopping}
        </a>
      </div>
    );
  return (
    <>
      <OrdersTable orders={orders} />
      <Pages page={page} pages={pages} />
    </>
  );
}
