/**
 * The payment step (spec §2, §4): Magento's shipping cost and total (never computed here), Return to the
 * shipping step and Pay. Without a session or a guest cart, or with an empty cart, the shopper goes to
 * /basket. Pay asks the storefront server to register the payment for this cart, keeps the transaction
 * code under `order`, and follows the provider's NextURL (a navigation, not a form post: the site's CSP
 * allows form posts to itself only). A refusal is said plainly and Pay can be pressed again.
 */
import { useEffect, useState } from 'react';
import { formatPrice } from '../catalogue/money.ts';
import { grandTotal, type Totals } from '../magento/wire/cart.ts';
import { fetchTotals } from '../features/cart/store.ts';
import { CHECKOUT_PATHS, isProviderUrl } from '../features/checkout/checkout.ts';
import { hasCheckoutCart, startPayment } from '../features/checkout/store.ts';
import { ShopApiError, UNAVAILABLE } from '../features/shop-api.ts';
import { strings } from '../strings.ts';
import { FormError } from './shared/Field.tsx';
import { SIGN_IN_PATH, goTo, redirectTo } from './shared/navigation.ts';
import { isSessionOver, problemText } from './shared/problem.ts';
import './account/account.css';
import '../features/checkout/checkout.css';
import { LoadFailed, Loading } from './shared/LoadStatus.tsx';
import { useBusy } from './shared/use-busy.ts';

const ERROR_ID = 'payment-error';
const c = strings.checkout;

type State =
  { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; totals: Totals };

const shippingCost = (totals: Totals): number =>
  totals.total_segments?.find((segment) => segment.code === 'shipping')?.value ?? totals.shipping_amount;

/** The payment bridge's own messages are meant for the shopper; a dead network is not a message. */
const payProblem = (error: unknown): string =>
  error instanceof ShopApiError && error.status !== 0 && error.status !== 401
    ? error.message || UNAVAILABLE
    : problemText(error);

export default function CheckoutPayment() {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [error, setError] = useState('');
  const { busy, start, finish } = useBusy();

  async function load() {
    setState({ status: 'loading' });
    try {
      const totals = await fetchTotals();
      if (!totals || (totals.items_qty ?? 0) <= 0) redirectTo(CHECKOUT_PATHS.basket);
      else setState({ status: 'ready', totals });
    } catch (failure) {
      if (isSessionOver(failure)) redirectTo(SIGN_IN_PATH);
      else if (failure instanceof ShopApiError && failure.status === 404) redirectTo(CHECKOUT_PATHS.basket);
      else setState({ status: 'failed', message: problemText(failure) });
    }
  }

  useEffect(() => {
    if (!hasCheckoutCart()) redirectTo(CHECKOUT_PATHS.basket);
    else void load();
  }, []);

  async function pay() {
    if (!start(true)) return;
    setError('');
    try {
      const nextUrl = await startPayment();
      if (!isProviderUrl(nextUrl)) throw new ShopApiError(502, c.startFailed);
      goTo(nextUrl);
    } catch (failure) {
      finish();
      if (isSessionOver(failure)) redirectTo(SIGN_IN_PATH);
      else setError(payProblem(failure));
    }
  }

  if (state.status === 'loading') return <Loading className="checkout-status" text={c.loading} />;
  if (state.status === 'failed')
    return (
      <LoadFailed
        className="checkout-status"
        message={state.message}
        retryText={strings.shopper.retry}
        onRetry={() => void load()}
      />
    );

  const { totals } = state;
  return (
    <div className="checkout-payment">
      <dl className="checkout-totals">
        <div>
          <dt>{strings.basket.totalShipping}</dt>
          <dd>{formatPrice(shippingCost(totals))}</dd>
        </div>
        <div className="checkout-totals__grand">
          <dt>{strings.basket.total}</dt>
          <dd>{formatPrice(grandTotal(totals))}</dd>
        </div>
      </dl>
      <FormError id={ERROR_ID} message={error} />
      <div className="form-actions">
        <a className="button button--secondary" href={CHECKOUT_PATHS.shipping}>
          {strings.basket.return}
        </a>
        <button
          type="button"
          className="button"
          onClick={() => void pay()}
          aria-disabled={busy || undefined}
          aria-describedby={error ? ERROR_ID : undefined}
        >
          {busy ? c.paying : strings.payment.pay}
        </button>
      </div>
    </div>
  );
}
