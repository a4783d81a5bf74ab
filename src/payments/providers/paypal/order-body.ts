/**
 * The body of `POST /v2/checkout/orders` for one payment (Orders v2 reference, "Create order"): intent
 * CAPTURE, one purchase unit in GBP with the basket's lines, delivery, VAT and discount as Magento totals
 * them, the delivery address PayPal may not change (`SET_PROVIDED_ADDRESS`), and the shop's return and
 * cancel URLs. PayPal refuses a breakdown that does not add up to the penny (AMOUNT_MISMATCH,
 * ITEM_TOTAL_MISMATCH), so the lines are shown net of VAT (Magento's own unit prices excl VAT where its
 * totals give them) and the VAT is what makes the amount exact.
 */
import { pence } from '../../bridge/basket.ts';
import type { PaymentAddress, PaymentBasket, PaymentOrder } from '../../provider.ts';

export interface ReturnUrls {
  readonly returnUrl: string;
  readonly cancelUrl: string;
}

const money = (currency: string, amountPence: number) => ({
  currency_code: currency,
  value: (amountPence / 100).toFixed(2),
});
/** PayPal's limit for names and descriptions. */
const clip = (text: string, max = 127): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

interface Breakdown {
  readonly units: readonly number[];
  readonly shipping: number;
  readonly discount: number;
  /** undefined: the lines are shown with VAT, and no VAT line. */
  readonly tax: number | undefined;
}

type NetParts = Omit<Breakdown, 'tax'>;

/**
 * Magento's own figures excl VAT, in pence: each line's unit price (`price`), the delivery's
 * (`shipping_amount`) and the discount less the VAT it took off; undefined when the totals gave none.
 */
function magentoNet(basket: PaymentBasket, discount: number): NetParts | undefined {
  const { lines, deliveryNet, discounts } = basket;
  if (deliveryNet === undefined) return undefined;
  const units: number[] = [];
  for (const line of lines) {
    if (line.unitNet === undefined) return undefined;
    units.push(pence(line.unitNet));
  }
  let discountVat = 0;
  for (const each of discounts) {
    if (each.vat === undefined) return undefined;
    discountVat += pence(each.vat);
  }
  return { units, shipping: pence(deliveryNet), discount: discount - discountVat };
}

/** Without Magento's figures excl VAT: each amount taken net of VAT by the order's own share of VAT. */
function sharedNet(basket: PaymentBasket, amount: number, vat: number, discount: number): NetParts {
  const net = (value: number) => Math.round((value * (amount - vat)) / amount);
  return {
    units: basket.lines.map((line) => net(pence(line.unitGross))),
    shipping: net(pence(basket.delivery)),
    discount: net(discount),
  };
}

/**
 * Pence per unit, delivery, discount and VAT: the amounts excl VAT, and a VAT line that makes the amount
 * exact. With Magento's figures excl VAT that is Magento's VAT, give or take the pennies by which its unit
 * prices excl VAT, rounded per unit, miss its rows' (`RowBaseCalculator` rounds the row).
 */
export function breakdown(order: PaymentOrder): Breakdown {
  const { basket } = order;
  const amount = pence(order.amount);
  const vat = pence(basket.vat);
  const discount = basket.discounts.reduce((sum, each) => sum + pence(each.amount), 0);
  const gross: Breakdown = {
    units: basket.lines.map((line) => pence(line.unitGross)),
    shipping: pence(basket.delivery),
    discount,
    tax: undefined,
  };
  if (vat <= 0 || amount <= 0) return gross;
  const net = magentoNet(basket, discount) ?? sharedNet(basket, amount, vat, discount);
  const itemTotal = net.units.reduce(
    (sum, unit, index) => sum + unit * (basket.lines[index]?.quantity ?? 0),
    0,
  );
  const tax = amount - itemTotal - net.shipping + net.discount;
  return tax < 0 || net.discount < 0 ? gross : { ...net, tax };
}

function shippingAddress(address: PaymentAddress) {
  return {
    type: 'SHIPPING',
    name: { full_name: clip(`${address.firstnames} ${address.surname}`, 300) },
    address: {
      address_line_1: clip(address.address1, 300),
      ...(address.address2 ? { address_line_2: clip(address.address2, 300) } : {}),
      admin_area_2: clip(address.city, 120),
      ...(address.state ? { admin_area_1: clip(address.state, 300) } : {}),
      postal_code: clip(address.postCode, 60),
      country_code: address.country,
    },
  };
}

export function orderBody(order: PaymentOrder, urls: ReturnUrls, brandName: string): unknown {
  const { currency, basket } = order;
  const parts = breakdown(order);
  const items = basket.lines.map((line, index) => ({
    name: clip(line.description || 'Item'),
    quantity: String(line.quantity),
    unit_amount: money(currency, parts.units[index] ?? 0),
    category: 'PHYSICAL_GOODS',
  }));
  const itemTotal = items.reduce(
    (sum, item, index) => sum + (parts.units[index] ?? 0) * Number(item.quantity),
    0,
  );
  return {
    intent: 'CAPTURE',
    purchase_units: [
      {
        reference_id: 'default',
        custom_id: order.code,
        invoice_id: order.code,
        description: clip(order.description),
        amount: {
          ...money(currency, pence(order.amount)),
          breakdown: {
            item_total: money(currency, itemTotal),
            shipping: money(currency, parts.shipping),
            ...(parts.tax === undefined ? {} : { tax_total: money(currency, parts.tax) }),
            ...(parts.discount > 0 ? { discount: money(currency, parts.discount) } : {}),
          },
        },
        items,
        shipping: shippingAddress(order.delivery),
      },
    ],
    payment_source: {
      paypal: {
        ...(order.email ? { email_address: order.email } : {}),
        name: { given_name: clip(order.billing.firstnames, 140), surname: clip(order.billing.surname, 140) },
        experience_context: {
          brand_name: clip(brandName),
          locale: 'en-GB',
          shipping_preference: 'SET_PROVIDED_ADDRESS',
          user_action: 'PAY_NOW',
          landing_page: 'NO_PREFERENCE',
          return_url: urls.returnUrl,
          cancel_url: urls.cancelUrl,
        },
      },
    },
  };
}
