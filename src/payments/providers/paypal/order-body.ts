/**
 * The body of `POST /v2/checkout/orders` for one payment (Orders v2 reference, "Create order"): intent
 * CAPTURE, one purchase unit in GBP with the basket's lines, delivery, VAT and discount as Magento totals
 * them, the delivery address PayPal may not change (`SET_PROVIDED_ADDRESS`), and the shop's return and
 * cancel URLs. PayPal refuses a breakdown that does not add up to the penny (AMOUNT_MISMATCH,
 * ITEM_TOTAL_MISMATCH), so the lines are shown net of VAT and the VAT is what makes the amount exact.
 */
import { pence } from '../../bridge/basket.ts';
import type { PaymentAddress, PaymentOrder } from '../../provider.ts';

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

/**
 * Pence per unit, delivery, discount and VAT. Each amount is taken net of VAT by the order's own share of
 * VAT; the VAT line is then whatever makes the amount exact (Magento's VAT to within its own rounding).
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
  const net = (value: number) => Math.round((value * (amount - vat)) / amount);
  const units = basket.lines.map((line) => net(pence(line.unitGross)));
  const itemTotal = units.reduce((sum, unit, index) => sum + unit * (basket.lines[index]?.quantity ?? 0), 0);
  const shipping = net(pence(basket.delivery));
  const netDiscount = net(discount);
  const tax = amount - itemTotal - shipping + netDiscount;
  return tax < 0 ? gross : { units, shipping, discount: netDiscount, tax };
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
