/**
 * The failed-payment page (spec §2): 'Your payment failed! :(', 'Unfortunately your payment was not
 * accepted. Please try again.', links Homepage and Pay Again (the payment step, which starts a new
 * transaction). Home when no pending order code is stored; the paid page when the server says this code
 * was in fact paid (a shopper who came back here by hand must not be told otherwise).
 */
import { useEffect, useState } from 'react';
import { CHECKOUT_PATHS } from '../../features/checkout/checkout.ts';
import { $order, fetchPaymentStatus } from '../../features/checkout/checkout-state.ts';
import { strings } from '../../strings.ts';
import { redirectTo } from '../../features/navigation.ts';
import './checkout.css';
import { Outcome } from '../forms/Outcome.tsx';

const p = strings.payment;

export default function FailedPayment() {
  const [show, setShow] = useState(false);

  useEffect(() => {
    const code = $order.get();
    if (!code) {
      redirectTo(CHECKOUT_PATHS.home);
      return;
    }
    fetchPaymentStatus(code).then(
      (answer) => {
        if (answer?.status === 'paid') redirectTo(CHECKOUT_PATHS.paid);
        else if (answer === undefined) {
          $order.set('');
          redirectTo(CHECKOUT_PATHS.home);
        } else setShow(true);
      },
      // The server cannot be asked: the page still says the payment did not go through.
      () => setShow(true),
    );
  }, []);

  if (!show)
    return (
      <p className="checkout-status" role="status">
        {strings.checkout.loading}
      </p>
    );
  return (
    <Outcome
      title={p.failed}
      text={p.failedDetail}
      links={[
        { href: CHECKOUT_PATHS.home, label: p.homepage, secondary: true },
        { href: CHECKOUT_PATHS.payment, label: p.payAgain },
      ]}
    />
  );
}
