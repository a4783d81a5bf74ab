/**
 * The payment step's choice of how to pay: by card, with PayPal, Pay in 3 with PayPal (for totals in its
 * range, with what each payment would be) and, for a Trade customer, on account.
 */
import type { PaymentWay } from '../../features/checkout/payment-ways.ts';
import { payIn3Amount } from '../../features/checkout/pay-in-3-amount.ts';
import { strings } from '../../strings.ts';
import { tradeAccountTexts } from '../../features/trade/index.ts';

const c = strings.checkout;

const LABELS: Readonly<Record<PaymentWay, string>> = {
  card: c.payByCard,
  paypal: c.payPal,
  paylater: c.payIn3,
  account: tradeAccountTexts.payOnAccount,
};

function hint(way: PaymentWay, total: number): string | undefined {
  if (way === 'paypal') return c.payPalHint;
  const instalment = way === 'paylater' ? payIn3Amount(total) : null;
  return instalment === null ? undefined : c.payIn3Hint(instalment);
}

export function PaymentWays(props: {
  ways: readonly PaymentWay[];
  way: PaymentWay;
  total: number;
  onChange: (way: PaymentWay) => void;
}) {
  return (
    <fieldset className="payment-way">
      <legend>{c.payWith}</legend>
      {props.ways.map((way) => {
        const said = hint(way, props.total);
        const hintId = `payment-way-${way}-hint`;
        return (
          <div className="payment-way__option" key={way}>
            <label>
              <input
                type="radio"
                name="payment-way"
                value={way}
                checked={props.way === way}
                onChange={() => props.onChange(way)}
                aria-describedby={said ? hintId : undefined}
              />{' '}
              {LABELS[way]}
            </label>
            {said ? (
              <p className="payment-way__hint" id={hintId}>
                {said}
              </p>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}
