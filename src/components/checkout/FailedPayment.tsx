/**
 * The failed-payment page (spec §2): 'Your payment failed! :(', 'Unfortunately your payment was not
 * accepted. Please try again.', links Homepage and Pay Again (the payment step, which starts a new
 * transaction), and, when the provider had taken the money for an order Magento then refused, that it
 * is refunded (or being refunded). Home when no pending order code is stored; the paid page when the
 * server says this code was in fact paid (a shopper who came back here by hand must not be told otherwise).
 */
import { useEffect, useState } from 'react';
import { formatPrice } from '../../catalogue/money.ts';
import { CHECKOUT_PATHS, type PaymentAnswer } from '../../features/checkout/checkout.ts';
import { paymentType } from '../../features/checkout/payment-ways.ts';
import { $order, fetchPaymentStatus } from '../../features/checkout/checkout-state.ts';
import { strings } from '../../strings.ts';
import { redirectTo } from '../../shop-api/navigation.ts';
import './checkout.css';
import { Outcome } from '../../ui/forms/Outcome.tsx';

const p = strings.payment;
const c = strings.checkout;

/** What became of the shopper's money, when the provider took it for an order that could not be placed. */
function refundText(refund: PaymentAnswer['refund']): string | undefined {
  if (!refund) return undefined;
  const way = refund.way === 'card' ? 'card' : paymentType(refund.way);
  const amount = formatPrice(refund.amount / 100);
  return refund.state === 'refunded' ? c.refunded(way, amount) : c.refunding(way, amount);
}

export default function FailedPayment() {
  const [show, setShow] = useState(false);
  const [refund, setRefund] = useState<string | undefined>();

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
        } else {
          setRefund(refundText(answer.refund));
          setShow(true);
        }
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
    >
      {refund && <p role="status">{refund}</p>}
    </Outcome>
  );
}
