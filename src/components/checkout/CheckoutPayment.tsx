/**
 * The payment step (spec §2, §4): Magento's subtotal, discount, shipping cost and total (never computed
 * here), how to pay (card, PayPal, Pay in 3 with PayPal in its range, on account for Trade), Return to
 * the shipping step and Pay. Without a session or a guest cart, or with an empty cart, the shopper goes
 * to /basket. Pay asks the storefront server to register the payment for this cart the chosen way, keeps
 * the transaction code under `order`, and follows the provider's page (Opayo's NextURL, PayPal's
 * payer-action link: a navigation, not a form post, as the site's CSP allows form posts to itself only).
 * A refusal is said plainly and Pay can be pressed again; so is why PayPal sent the shopper back.
 */
import { useEffect, useState } from 'react';
import { deliveryName, type Totals } from '../../magento/wire/shopper-totals.ts';
import { cartItems, measurePayment, type Ga4Item } from '../../features/analytics/index.ts';
import { fetchTotals } from '../../features/cart/index.ts';
import { OTHER_WAY_AT_PAYMENT } from './fulfilment-at-payment.ts';
import { CHECKOUT_PATHS, isProviderUrl } from '../../features/checkout/checkout.ts';
import {
  $order,
  checkoutCartOr,
  fetchCheckoutCart,
  startPayment,
} from '../../features/checkout/checkout-state.ts';
import { ShopApiError, UNAVAILABLE } from '../../shop-api/shop-api.ts';
import { strings } from '../../strings.ts';
import { FormError } from '../../ui/forms/Field.tsx';
import { Leave, goTo, leftForSignIn } from '../../shop-api/navigation.ts';
import { problemText } from '../../shop-api/problem.ts';
import '../../styles/forms.css';
import './checkout.css';
import { LoadStatus } from '../../ui/forms/LoadStatus.tsx';
import { TotalsSummary } from './Amounts.tsx';
import { useBusy } from '../../ui/forms/use-busy.ts';
import { canPayOnAccount, ON_ACCOUNT_PURCHASE } from '../../features/checkout/on-account.ts';
import { purchaseOrdersOn } from '../../features/purchase-orders/index.ts';
import { tradeAccountTexts } from '../../features/trade/index.ts';
import { PayOnAccount } from './PayOnAccount.tsx';
import { PaymentWays } from './PaymentWays.tsx';
import {
  paymentType,
  paymentWays,
  payPalMessage,
  type PaymentWay,
} from '../../features/checkout/payment-ways.ts';
import type { PaymentMethod } from '../../payments/methods.ts';
import { grandTotal } from '../../magento/wire/shopper-totals.ts';
import { useLoad } from '../../ui/forms/use-load.ts';

const ERROR_ID = 'payment-error';
const c = strings.checkout;

/** The payment bridge's own messages are meant for the shopper; a dead network is not a message. */
const payProblem = (error: unknown): string =>
  error instanceof ShopApiError && error.status !== 0 && error.status !== 401
    ? error.message || UNAVAILABLE
    : problemText(error);

interface ToPay {
  readonly totals: Totals;
  /** The cart's lines, as measurement reports them (once their facts are read: checkout-events.ts). */
  readonly items: Promise<Ga4Item[]>;
  /** Magento offers this cart pay on account (a Trade customer's: issue 38). */
  readonly onAccount: boolean;
  /**
   * The customer's company approves its orders (issue 68): on account places a purchase order, and is the
   * only way offered (card and PayPal take money at once, which must wait for the approval).
   */
  readonly purchaseOrders: boolean;
  /** What the cart is fulfilled by besides delivery (the point it is collected from); undefined for delivery. */
  readonly fulfilledBy: string | undefined;
}

/** Magento's totals and lines; an empty or vanished cart (404) has nothing to pay: back to the basket. */
async function loadTotals(): Promise<ToPay | Leave> {
  try {
    const [totals, cart, onAccount, purchaseOrders] = await Promise.all([
      fetchTotals(),
      fetchCheckoutCart(),
      canPayOnAccount().catch(() => false),
      purchaseOrdersOn().catch(() => false),
    ]);
    if (!totals || !cart || (totals.items_qty ?? 0) <= 0) return new Leave(CHECKOUT_PATHS.basket);
    return {
      totals,
      items: cartItems(cart.items),
      onAccount,
      purchaseOrders: onAccount && purchaseOrders,
      fulfilledBy: OTHER_WAY_AT_PAYMENT.confirmedIn(cart),
    };
  } catch (failure) {
    if (failure instanceof ShopApiError && failure.status === 404) return new Leave(CHECKOUT_PATHS.basket);
    throw failure;
  }
}

/**
 * Why PayPal sent the shopper back, read once from the address (which is then cleaned for a reload). Read
 * after mount, never while rendering: the page is pre-rendered, where there is no address to read.
 */
function payPalReturn(): string {
  const query = new URLSearchParams(window.location.search);
  const said = payPalMessage(query);
  if (said) window.history.replaceState(null, '', window.location.pathname);
  return said ?? '';
}

/** Paying (by card, or on account): measured, and the order to be kept under `code` for its `purchase`. */
const measured = ({ items, totals }: ToPay, code: string, paymentType: string): Promise<void> =>
  measurePayment(items, totals, code, paymentType);

export default function CheckoutPayment() {
  const { state, retry } = useLoad(loadTotals, {
    guard: checkoutCartOr(CHECKOUT_PATHS.basket),
    signIn: true,
  });
  const [error, setError] = useState('');
  useEffect(() => {
    // Only a message: a second run (React's strict mode) finds the address cleaned and must not erase it.
    const said = payPalReturn();
    if (said) setError(said);
  }, []);
  const [way, setWay] = useState<PaymentWay>('card');
  const { busy, start, finish } = useBusy();

  async function pay(method: PaymentMethod) {
    if (!start(true)) return;
    setError('');
    try {
      if (state.status === 'ready') OTHER_WAY_AT_PAYMENT.paying(state.value.fulfilledBy);
      const nextUrl = await startPayment(method);
      if (!isProviderUrl(nextUrl)) throw new ShopApiError(502, c.startFailed);
      if (state.status === 'ready') await measured(state.value, $order.get(), paymentType(method));
      goTo(nextUrl);
    } catch (failure) {
      finish();
      if (!leftForSignIn(failure)) setError(payProblem(failure));
    }
  }

  if (state.status !== 'ready')
    return <LoadStatus state={state} className="checkout-status" text={c.loading} onRetry={retry} />;

  const { totals, onAccount, purchaseOrders } = state.value;
  const total = grandTotal(totals);
  const ways: PaymentWay[] = purchaseOrders ? ['account'] : paymentWays(total, onAccount);
  const chosen = ways.includes(way) ? way : (ways[0] ?? 'card');
  return (
    <div className="checkout-payment">
      <TotalsSummary totals={totals} method={deliveryName(totals) || undefined} />
      <PaymentWays ways={ways} way={chosen} total={total} onChange={setWay} />
      {chosen === 'account' ? (
        <PayOnAccount
          back={CHECKOUT_PATHS.shipping}
          purchaseOrder={purchaseOrders}
          onPlacing={() => {
            OTHER_WAY_AT_PAYMENT.paying(state.value.fulfilledBy);
            return measured(state.value, ON_ACCOUNT_PURCHASE, tradeAccountTexts.payOnAccount);
          }}
        />
      ) : (
        <ProviderPayment
          error={error}
          busy={busy}
          label={chosen === 'card' ? strings.payment.pay : c.goToPayPal}
          onPay={() => void pay(chosen)}
        />
      )}
    </div>
  );
}

function ProviderPayment(props: { error: string; busy: boolean; label: string; onPay: () => void }) {
  const { error, busy, label, onPay } = props;
  return (
    <>
      <FormError id={ERROR_ID} message={error} />
      <div className="form-actions">
        <a className="button button--secondary" href={CHECKOUT_PATHS.shipping}>
          {strings.basket.return}
        </a>
        <button
          type="button"
          className="button"
          onClick={onPay}
          aria-disabled={busy || undefined}
          aria-describedby={error ? ERROR_ID : undefined}
        >
          {busy ? c.paying : label}
        </button>
      </div>
    </>
  );
}
