/** Below the basket's lines: Magento's 'Total shipping cost' and 'Total' (never computed here), Return, Confirm. */
import { formatPrice } from '../../catalogue/money.ts';
import { grandTotal, type Totals } from '../../magento/wire/shopper-totals.ts';
import { strings } from '../../strings.ts';

const b = strings.basket;
const t = strings.shopper;

/** 'Your cart is empty' with a link home. */
export function EmptyBasket() {
  return (
    <div className="basket__empty">
      <p>{b.empty}</p>
      <p>
        <a className="button" href="/">
          {t.continueShopping}
        </a>
      </p>
    </div>
  );
}

export function BasketSummary({ totals, problem }: { totals: Totals | null; problem: string }) {
  const money = (amount: number | undefined) => (amount === undefined ? t.loading : formatPrice(amount));
  return (
    <div className="basket__summary">
      {problem && (
        <p className="basket__problem" role="alert">
          {problem}
        </p>
      )}
      <dl className="basket__totals">
        <div>
          <dt>{b.totalShipping}</dt>
          <dd>{money(totals?.shipping_amount)}</dd>
        </div>
        <div className="basket__grand">
          <dt>{b.total}</dt>
          <dd>{money(totals ? grandTotal(totals) : undefined)}</dd>
        </div>
      </dl>
      <div className="basket__actions">
        <a className="button button--secondary" href="/">
          {b.return}
        </a>
        <a className="button" href="/basket/shipping">
          {b.confirm}
        </a>
      </div>
    </div>
  );
}
