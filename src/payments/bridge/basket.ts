/**
 * What the provider is told about a cart (addresses and basket), and the bridge's own check that a cart's
 * figures add up before it is paid for or ordered.
 */
import type { CheckoutCart, QuoteAddress } from '../magento-checkout.ts';
import type { PaymentAddress, PaymentBasket } from '../provider.ts';

export const pence = (pounds: number): number => Math.round(pounds * 100);
export const text = (value: string | null | undefined): string => (value ?? '').trim();

/**
 * The checkout form's rule for a telephone (spec §5; `addressProblems` with `checkout` in
 * features/account/validation.ts): longer than 8 characters once trimmed.
 */
const SHORTEST_TELEPHONE = 9;

/**
 * A cart address as the provider needs it, or undefined when a required part is missing. The telephone is
 * required as the checkout form requires it for both addresses: a cart whose addresses were set
 * straight through Magento's API without one is refused before it is paid for, rather than paid and then
 * placed without it (or not placed at all, as Magento's own checks refuse an address without one).
 */
export function paymentAddress(address: QuoteAddress | undefined): PaymentAddress | undefined {
  if (!address) return undefined;
  const street = (address.street ?? []).map(text).filter(Boolean);
  const parts = {
    firstnames: text(address.firstname),
    surname: text(address.lastname),
    address1: street[0] ?? '',
    city: text(address.city),
    postCode: text(address.postcode),
    country: text(address.country_id).toUpperCase(),
    phone: text(address.telephone),
  };
  if (Object.values(parts).some((value) => value === '')) return undefined;
  if (parts.phone.length < SHORTEST_TELEPHONE) return undefined;
  return {
    ...parts,
    address2: street.slice(1).join(', ') || undefined,
    state: text(address.region_code) || undefined,
  };
}

/**
 * The basket the provider is told about: Magento's totals lines, delivery and the discount, incl VAT (they
 * make the amount: `basketProblem`), each with its figure excl VAT beside where Magento's totals give it.
 */
export function paymentBasket(cart: CheckoutCart): PaymentBasket {
  const { discount } = cart;
  return {
    lines: cart.items.map((item) => ({
      description: item.name,
      quantity: item.qty,
      unitGross: item.unitGross,
      unitNet: item.unitNet,
    })),
    delivery: cart.shippingAmount,
    deliveryNet: cart.shippingNet,
    vat: cart.vat,
    discounts: discount ? [{ description: discount.title, amount: discount.amount, vat: discount.vat }] : [],
  };
}

/**
 * Why this cart must not be paid for as it stands, or undefined. Independent of Magento's own checks: every
 * line is a whole quantity of at least 1, a discount takes money off (never adds it), and the amount is
 * exactly the lines plus delivery less the discount, so a fractional or tampered line can never turn into
 * a small payment for a large order.
 */
export function basketProblem(cart: CheckoutCart): string | undefined {
  const quantities = [...cart.lines.map((line) => line.qty), ...cart.items.map((item) => item.qty)];
  const fraction = quantities.find((qty) => !Number.isInteger(qty) || qty < 1);
  if (fraction !== undefined) return `a line has quantity ${fraction}`;
  const discount = pence(cart.discount?.amount ?? 0);
  if (discount < 0) return `the discount (${discount} pence) adds to the amount`;
  const lines = cart.items.reduce((sum, item) => sum + pence(item.unitGross) * item.qty, 0);
  const delivery = pence(cart.shippingAmount);
  if (lines + delivery - discount !== pence(cart.amount))
    return `the lines (${lines} pence) and delivery (${delivery}) less the discount (${discount}) do not make the amount (${pence(cart.amount)})`;
  return undefined;
}
