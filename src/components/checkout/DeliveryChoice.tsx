/**
 * The shipping step's delivery options: one radio per method Magento offers for the address, with its
 * price in the shopper's VAT form and the estimated delivery date in UK working days (src/delivery),
 * and Magento's totals with the chosen one below. A basket that can only travel by pallet is offered only
 * that, because that is all Magento returns.
 */
import { estimateDelivery, formatEstimate } from '../../delivery/index.ts';
import { methodKey, type ShippingMethod } from '../../magento/wire/shipping-method.ts';
import { strings } from '../../strings.ts';
import { TotalsSummary, VatAmount } from './Amounts.tsx';
import type { FulfilmentWay } from './fulfilment.ts';
import type { DeliveryState } from './use-delivery.ts';

const c = strings.checkout;

interface DeliveryChoiceProps {
  delivery: DeliveryState;
  /** Another way to fulfil it (collecting from a point), offered beside the delivery methods. */
  other: FulfilmentWay;
  /** The form the radios belong to. */
  form: string;
  /** When the estimates were made, for the dates (the page's clock). */
  now: Date;
}

export function DeliveryChoice({ delivery, other, form, now }: DeliveryChoiceProps) {
  const { choices, chosen, totals, problem } = delivery;
  const delivering = !other.chosen;
  const cheapest = choices?.[0];
  const deliverAll = () => {
    other.deliver();
    if (cheapest) delivery.choose(methodKey(cheapest));
  };
  return (
    <fieldset className="checkout-address checkout-delivery">
      <legend>{c.delivery}</legend>
      {choices === undefined && !problem && <p role="status">{c.deliveryLoading}</p>}
      {choices?.length === 0 && <p role="alert">{c.noDelivery}</p>}
      {((choices && choices.length > 0) || other.offered) && (
        <div className="checkout-delivery__options">
          {choices?.map((method) => (
            <DeliveryOption
              key={methodKey(method)}
              method={method}
              checked={delivering && chosen !== undefined && methodKey(chosen) === methodKey(method)}
              onChoose={() => {
                other.deliver();
                delivery.choose(methodKey(method));
              }}
              form={form}
              now={now}
            />
          ))}
          {other.options(form)}
        </div>
      )}
      {other.status(deliverAll)}
      {problem && delivering && <p role="alert">{problem}</p>}
      {totals && delivering && <TotalsSummary totals={totals} method={chosen?.carrier_title} />}
    </fieldset>
  );
}

interface DeliveryOptionProps {
  method: ShippingMethod;
  checked: boolean;
  onChoose: () => void;
  form: string;
  now: Date;
}

/** One delivery method: its name, price in the shopper's VAT form and estimated date. */
function DeliveryOption({ method, checked, onChoose, form, now }: DeliveryOptionProps) {
  const estimate = estimateDelivery(method.carrier_code, method.method_code ?? '', now);
  return (
    <label className="checkout-delivery__option">
      <input
        type="radio"
        name="delivery"
        form={form}
        value={methodKey(method)}
        checked={checked}
        onChange={onChoose}
      />
      <span className="checkout-delivery__name">{method.carrier_title}</span>
      <span className="checkout-delivery__price">
        <VatAmount inclVat={method.amount} free />
      </span>
      {estimate && (
        <span className="checkout-delivery__date">{c.estimatedDelivery(formatEstimate(estimate))}</span>
      )}
    </label>
  );
}
