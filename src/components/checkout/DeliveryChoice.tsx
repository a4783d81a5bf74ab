/**
 * The shipping step's delivery options: one radio per method Magento offers for the address, with its
 * price in the shopper's VAT form and the estimated delivery date in UK working days (src/delivery),
 * and Magento's totals with the chosen one below. A basket that can only travel by pallet is offered only
 * that, because that is all Magento returns.
 */
import { estimateDelivery, formatEstimate } from '../../delivery/index.ts';
import { methodKey } from '../../magento/wire/shipping-method.ts';
import { strings } from '../../strings.ts';
import { TotalsSummary, VatAmount } from './Amounts.tsx';
import type { DeliveryState } from './use-delivery.ts';

const c = strings.checkout;

interface DeliveryChoiceProps {
  delivery: DeliveryState;
  /** The form the radios belong to. */
  form: string;
  /** When the estimates were made, for the dates (the page's clock). */
  now: Date;
}

export function DeliveryChoice({ delivery, form, now }: DeliveryChoiceProps) {
  const { choices, chosen, totals, problem, choose } = delivery;
  return (
    <fieldset className="checkout-address checkout-delivery">
      <legend>{c.delivery}</legend>
      {choices === undefined && !problem && <p role="status">{c.deliveryLoading}</p>}
      {choices?.length === 0 && <p role="alert">{c.noDelivery}</p>}
      {choices && choices.length > 0 && (
        <div className="checkout-delivery__options">
          {choices.map((method) => {
            const key = methodKey(method);
            const estimate = estimateDelivery(method.carrier_code, method.method_code ?? '', now);
            return (
              <label key={key} className="checkout-delivery__option">
                <input
                  type="radio"
                  name="delivery"
                  form={form}
                  value={key}
                  checked={chosen !== undefined && methodKey(chosen) === key}
                  onChange={() => choose(key)}
                />
                <span className="checkout-delivery__name">{method.carrier_title}</span>
                <span className="checkout-delivery__price">
                  <VatAmount inclVat={method.amount} free />
                </span>
                {estimate && (
                  <span className="checkout-delivery__date">
                    {c.estimatedDelivery(formatEstimate(estimate))}
                  </span>
                )}
              </label>
            );
          })}
        </div>
      )}
      {problem && <p role="alert">{problem}</p>}
      {totals && <TotalsSummary totals={totals} method={chosen?.carrier_title} />}
    </fieldset>
  );
}
