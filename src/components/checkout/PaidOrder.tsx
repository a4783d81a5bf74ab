/**
 * The paid page (spec §2; DESIGN.md §3): the provider sends the shopper here once the payment bridge has
 * placed the order. The page trusts nothing in the browser: it asks the server for the status of its own
 * stored code only. Paid: 'Your payment was successfull', 'Thank you to have chosen us!', links to the
 * homepage and My Account; then the order's number when the bridge knows it (issue 14), with a link to the
 * order for a signed-in customer, and always one to the order-status lookup; for an order to collect, where,
 * when and what to bring (the point this tab paid to collect from). The `order` and `guestCode`
 * keys are cleared and the basket badge drops to 0. The order is measured once (GA4's `purchase`,
 * features/analytics/purchase.ts). Still pending: it asks again for a while. Failed: the
 * failed-payment page. Nothing stored: home, unless this tab has just shown the confirmation (a reload
 * keeps it, with the number).
 */
import { useEffect, useState } from 'react';
import { $signedIn } from '../../features/account/index.ts';
import { CHECKOUT_PATHS } from '../../features/checkout/checkout.ts';
import { ORDER_STATUS_PATH, orderPath } from '../../features/orders/index.ts';
import { $order, fetchPaymentStatus, finishPaidOrder } from '../../features/checkout/checkout-state.ts';
import { registerOrderPlaced } from './order-placed-hooks.ts';
import { strings } from '../../strings.ts';
import { measurePurchase } from '../../features/analytics/index.ts';
import { redirectTo } from '../../shop-api/navigation.ts';
import { problemText } from '../../shop-api/problem.ts';
import './checkout.css';
import { OrderNumber, Outcome, type OutcomeLink } from '../../ui/forms/Outcome.tsx';
import { PlacedPanels } from './placed-panels.tsx';

const c = strings.checkout;
const p = strings.payment;
/** This tab showed the confirmation already (sessionStorage: per tab, gone with it), and its number. */
const SHOWN_KEY = 'paidShown';
const NUMBER_KEY = 'paidOrderNumber';
const POLL_MS = 1000;
const POLL_FOR_MS = 60_000;

/** Paid: the order's number, or '' when the bridge does not know it. */
type View = 'checking' | 'pending' | { paid: string } | { problem: string };

function markShown(number: string): void {
  try {
    sessionStorage.setItem(SHOWN_KEY, 'true');
    sessionStorage.setItem(NUMBER_KEY, number);
  } catch {
    // storage unavailable: a reload then goes home, which is acceptable
  }
}

/** The number shown before in this tab ('' for none), or undefined when nothing was shown. */
function shownBefore(): string | undefined {
  try {
    if (sessionStorage.getItem(SHOWN_KEY) !== 'true') return undefined;
    return sessionStorage.getItem(NUMBER_KEY) ?? '';
  } catch {
    return undefined;
  }
}

function Paid({ number }: { number: string }) {
  const links: OutcomeLink[] = [
    { href: CHECKOUT_PATHS.home, label: p.homepage },
    { href: CHECKOUT_PATHS.account, label: strings.account.myAccount, secondary: true },
  ];
  if (number && $signedIn.get()) links.push({ href: orderPath(number), label: c.viewOrder, secondary: true });
  links.push({ href: ORDER_STATUS_PATH, label: c.checkOrderStatus, secondary: true });
  return (
    <Outcome title={p.paid} text={p.thanks} links={links}>
      {number ? <OrderNumber number={number} /> : null}
      <PlacedPanels />
    </Outcome>
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export default function PaidOrder() {
  const [view, setView] = useState<View>('checking');

  async function check(code: string) {
    setView('checking');
    const until = Date.now() + POLL_FOR_MS;
    try {
      for (;;) {
        const answer = await fetchPaymentStatus(code);
        const status = answer?.status;
        if (status === 'paid') {
          const number = answer?.order ?? '';
          await measurePurchase(code, number);
          registerOrderPlaced();
          finishPaidOrder();
          markShown(number);
          setView({ paid: number });
          return;
        }
        if (status === 'failed') return redirectTo(CHECKOUT_PATHS.failed);
        if (status === undefined) {
          $order.set('');
          return redirectTo(CHECKOUT_PATHS.home);
        }
        if (Date.now() > until) return setView('pending');
        setView('pending');
        await sleep(POLL_MS);
      }
    } catch (error) {
      setView({ problem: problemText(error) });
    }
  }

  useEffect(() => {
    const code = $order.get();
    const shown = shownBefore();
    if (code) void check(code);
    else if (shown !== undefined) setView({ paid: shown });
    else redirectTo(CHECKOUT_PATHS.home);
  }, []);

  if (typeof view === 'object' && 'paid' in view) return <Paid number={view.paid} />;
  if (typeof view === 'object')
    return (
      <div className="checkout-outcome" role="alert">
        <p>{view.problem}</p>
        <button type="button" className="button" onClick={() => void check($order.get())}>
          {strings.shopper.retry}
        </button>
      </div>
    );
  return (
    <p className="checkout-status" role="status">
      {view === 'pending' ? c.pending : c.checking}
    </p>
  );
}
