/**
 * The company's purchase orders (issue 68, /company/purchase-orders), in Adobe's three lists: the buyer's
 * own, those waiting for their approval, and the company's (for roles that may see them). Each row leads
 * to the purchase order's page. The list asked is in the address (`?list=approval`), so a link (an
 * approval e-mail's) opens the right one.
 */
import { useEffect, useState } from 'react';
import {
  LIST_KINDS,
  purchaseOrderAccess,
  purchaseOrderPage,
  purchaseOrderTexts as t,
  readPurchaseOrderList,
  type ListAnswer,
  type ListKind,
} from '../../features/purchase-orders/index.ts';
import { LoadStatus } from '../../ui/forms/LoadStatus.tsx';
import { useLoad } from '../../ui/forms/use-load.ts';
import { when } from './when.ts';
import '../../styles/forms.css';
import './purchase-orders.css';

const kindOf = (search: string): ListKind =>
  LIST_KINDS.find((kind) => kind === new URLSearchParams(search).get('list')) ?? 'mine';

function Rows({ answer }: { answer: ListAnswer }) {
  if (answer.items.length === 0) return <p>{t.empty[answer.kind]}</p>;
  return (
    <table className="po-table">
      <caption className="visually-hidden">{t.tabs[answer.kind]}</caption>
      <thead>
        <tr>
          <th scope="col">{t.number}</th>
          <th scope="col">{t.created}</th>
          <th scope="col">{t.createdBy}</th>
          <th scope="col">{t.status}</th>
          <th scope="col">{t.total}</th>
          <th scope="col">{t.order}</th>
        </tr>
      </thead>
      <tbody>
        {answer.items.map((row) => (
          <tr key={row.uid}>
            <td data-label={t.number}>
              <a href={purchaseOrderPage(row.uid)}>{row.number}</a>
            </td>
            <td data-label={t.created}>{when(row.createdAt)}</td>
            <td data-label={t.createdBy}>{row.createdBy ?? ''}</td>
            <td data-label={t.status}>{t.statusText(row.status)}</td>
            <td data-label={t.total}>{row.total === null ? '' : t.price(row.total)}</td>
            <td data-label={t.order}>{row.order ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function List({ kind }: { kind: ListKind }) {
  const { state, retry } = useLoad(() => readPurchaseOrderList(kind), { signIn: true });
  if (state.status !== 'ready')
    return <LoadStatus state={state} className="account-status" text={t.loading} onRetry={retry} />;
  return <Rows answer={state.value} />;
}

export default function PurchaseOrders() {
  const [kind, setKind] = useState<ListKind>(() =>
    typeof window === 'undefined' ? 'mine' : kindOf(window.location.search),
  );
  // The company's list is offered to roles that may see it (the route refuses the others anyway).
  const [kinds, setKinds] = useState<readonly ListKind[]>(LIST_KINDS);
  useEffect(() => {
    purchaseOrderAccess().then(
      (access) => setKinds(LIST_KINDS.filter((each) => each !== 'company' || access.company)),
      () => undefined,
    );
  }, []);
  const choose = (next: ListKind) => {
    setKind(next);
    window.history.replaceState(null, '', next === 'mine' ? window.location.pathname : `?list=${next}`);
  };
  return (
    <div className="purchase-orders">
      <p>{t.intro}</p>
      <div className="po-tabs" role="group" aria-label={t.title}>
        {kinds.map((each) => (
          <button
            key={each}
            type="button"
            className={each === kind ? 'button' : 'button button--secondary'}
            aria-pressed={each === kind}
            onClick={() => choose(each)}
          >
            {t.tabs[each]}
          </button>
        ))}
      </div>
      <List key={kind} kind={kind} />
    </div>
  );
}
