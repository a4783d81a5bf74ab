/**
 * The paid page (spec §2; DESIGN.md §3): the provider sends the shopper here once the payment bridge has
 * placed the order. The page trusts nothing in the browser: it asks the server for the status of its own
 * stored code only. Paid: 'Your payment was successfull', 'Thank you to have chosen us!', links to the
 * homepage and My Account; the `order` and `guestCode` keys are cleared and the basket badge drops to 0.
 * Still pending: it asks again for a while. Failed: the failed-payment page. Nothing stored: home, unless
 * this tab has just shown the confirmation (a reload keeps it).
 */
import { useEffect, useState } from 'react';
import { CHECKOUT_PATHS } from '../features/checkout/checkout.ts';
import { $order, fetchPaymentStatus, finishPaidOrder } from '../features/checkout/store.ts';
import { strings } from '../strings.ts';
import { redirectTo } from '../features/navigation.ts';
import { problemText } from '../features/problem.ts';
import '../features/checkout/checkout.css';
import { Outcome } from './shared/Outcome.tsx';

const c = strings.checkout;
const p = strings.payment;
/** This tab showed the confirmation already (sessionStorage: per tab, gone with it). */
const SHOWN_KEY = 'paidShown';
const POLL_MS = 1000;
const POLL_FOR_MS = 60_000;

type View = 'checking' | 'pending' | 'paid' | { problem: string };

function markShown(): void {
  try {
    sessionStorage.setItem(SHOWN_KEY, 'true');
  } catch {
    // storage unavailable: a reload then goes home, which is acceptable
  }
}

function shownBefore(): boolean {
  try {
    return sessionStorage.getItem(SHOWN_KEY) === 'true';
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export default function PaidOrder() {
  const [view, setView] = useState<View>('checking');

  async function check(code: string) {
    setView('checking');
    const until = Date.now() + POLL_FOR_MS;
    try {
      for (;;) {
        const status = await fetchPaymentStatus(code);
        if (status === 'paid') {
          finishPaidOrder();
          markShown();
          setView('paid');
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
    if (code) void check(code);
    else if (shownBefore()) setView('paid');
    else redirectTo(CHECKOUT_PATHS.home);
  }, []);

  if (view === 'paid')
    return (
      <Outcome
        title={p.paid}
        text={p.thanks}
        links={[
          { href: CHECKOUT_PATHS.home, label: p.homepage },
          { href: CHECKOUT_PATHS.account, label: strings.account.myAccount, secondary: true },
        ]}
      />
    );
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
