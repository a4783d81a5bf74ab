/**
 * What the provider is told about a cart (addresses and basket), and the bridge's own check that a cart's
 * figures add up before it is paid for or ordered.
 */
import type { CheckoutCart, QuoteAddress } from '../magento-checkout.ts';
import type { PaymentAddress, PaymentBasket } from '../provider.ts';

export const pence = (pounds: number): number => Math.round(pounds * 100);
export const text = (value: string | null | undefined): string => (value ?? '').trim();

/** A cart address as the provider needs it, or undefined when a required part is missing. */
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
  };
  if (Object.values(parts).some((value) => value === '')) return undefined;
  return {
    ...parts,
    address2: street.slice(1).join(', ') || undefined,
    state: text(address.region_code) || undefined,
    phone: text(address.telephone) || undefined,
  };
}

/** The basket the provider is told about: Magento's totals lines, and delivery. */
export function paymentBasket(cart: CheckoutCart): PaymentBasket {
  return {
    lines: cart.items.map((item) => ({
      description: item.name,
      quantity: item.qty,
      unitGross: item.unitGross,
    })),
    delivery: cart.shippingAmount,
  };
}

/**
 * Why this cart must not be paid for as it stands, or undefined. Independent of Magento's own checks: every
 * line is a whole quantity of at least 1, and the amount is exactly the lines plus delivery, so a
 * fractional or tampered line can never turn into a small payment for a large order.
 */
export function basketProblem(cart: CheckoutCart): string | undefined {
  const quantities = [...cart.lines.map((line) => line.qty), ...cart.items.map((item) => item.qty)];
  const fraction = quantities.find((qty) => !Number.isInteger(qty) || qty < 1);
  if (fraction !== undefined) return `a line has quantity ${fraction}`;
  const lines = cart.items.reduce((sum, item) => sum + pence(item.unitGross) * item.qty, 0);
  if (lines + pence(cart.shippingAmount) !== pence(cart.amount))
    return `the lines (${lines} pence) and delivery (${pence(cart.shippingAmount)}) do not make the amount (${pence(cart.amount)})`;
  return undefined;
}
