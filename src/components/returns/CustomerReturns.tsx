/**
 * Your returns (`/customer/returns`): the signed-in customer's returns, newest first, each linking to its
 * page. Signed-out shoppers, and a session the server says is over, sign in and come back; none says how
 * to start one; Magento down says so with Try again.
 */
import { fetchReturns, returnsProblem } from '../../features/returns/api.ts';
import { returnPath } from '../../features/returns/returns.ts';
import { ORDERS_PATH } from '../../features/orders/index.ts';
import { strings } from '../../strings.ts';
import '../../styles/forms.css';
import { LoadStatus } from '../../ui/forms/LoadStatus.tsx';
import { useLoad } from '../../ui/forms/use-load.ts';
import { isoDay, orderDate } from '../../ui/order-format.ts';
import { signedInHere } from '../../ui/signed-in-guard.ts';
import '../../styles/orders.css';
import './returns.css';

const t = strings.returns;

export default function CustomerReturns() {
  const { state, retry } = useLoad(fetchReturns, {
    guard: signedInHere,
    signIn: true,
    comeBack: true,
    describe: returnsProblem,
  });
  if (state.status !== 'ready')
    return <LoadStatus state={state} className="account-status" text={t.loadingReturns} onRetry={retry} />;
  if (state.value.length === 0)
    return (
      <div className="orders-empty">
        <p>{t.noReturns}</p>
        <a className="button" href={ORDERS_PATH}>
          {strings.orders.myOrders}
        </a>
      </div>
    );
  return (
    <table className="orders-table">
      <caption className="visually-hidden">{t.myReturns}</caption>
      <thead>
        <tr>
          <th scope="col">{t.returnNumber}</th>
          <th scope="col">{t.order}</th>
          <th scope="col">{t.requested}</th>
          <th scope="col">{t.status}</th>
        </tr>
      </thead>
      <tbody>
        {state.value.map((item) => (
          <tr key={item.id}>
            <th scope="row" data-label={t.returnNumber}>
              <a href={returnPath(item.id)} aria-label={t.view(item.number)}>
                {item.number}
              </a>
            </th>
            <td data-label={t.order}>{item.order}</td>
            <td data-label={t.requested}>
              {item.createdAt && <time dateTime={isoDay(item.createdAt)}>{orderDate(item.createdAt)}</time>}
            </td>
            <td data-label={t.status}>{item.status}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
