/**
 * A guest's checkout over HTTP, as the shop's islands and a browser make it (e2e/checkout.spec.ts,
 * src/features/checkout/checkout-state.ts): a guest cart and its line through the storefront's `/rest` proxy
 * via Varnish, the delivery method Magento offers, both addresses (`shipping-information`), Pay
 * (`POST /payments/start`, which registers the payment with the provider), then the sandbox's hosted card
 * page and its form, whose answer sends the browser back to the shop. Split in two so a scenario can act
 * between Pay and the card (stop Magento, close the store).
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { describe, header, http, json, type Reply } from './http.ts';
import type { Buyable } from './state.ts';

/** The sandbox's card that authorises (frictionless 3-D Secure with an ordinary name). */
export const GOOD_CARD = '4929000000006';

export interface Shop {
  /** Where the shopper's browser goes: Varnish. */
  readonly siteUrl: string;
}

export interface Registered {
  readonly email: string;
  readonly sku: string;
  /** The guest cart's masked id. */
  readonly guestCart: string;
  /** Magento's quote id. */
  readonly quoteId: number;
  /** The bridge's transaction code. */
  readonly code: string;
  /** The provider's id (VPSTxId) and its hosted card page. */
  readonly vpsTxId: string;
  readonly cardUrl: string;
}

export class CheckoutError extends Error {
  constructor(step: string, reply: Reply) {
    super(`${step}: ${describe(reply)}`);
    this.name = 'CheckoutError';
  }
}

const address = (email: string) => ({
  firstname: 'Jane',
  lastname: 'Replica',
  street: ['88 Test Street'],
  city: 'London',
  region: 'Greater London',
  postcode: 'SW1A 1AA',
  country_id: 'GB',
  telephone: '020 7946 0000',
  email,
});

export async function shopCall(
  shop: Shop,
  step: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<unknown> {
  const origin = new URL(shop.siteUrl).origin;
  const reply = await http(`${shop.siteUrl}${path}`, {
    method,
    headers: { Origin: origin, Accept: 'application/json' },
    ...(body === undefined ? {} : { body }),
  });
  if (reply.status < 200 || reply.status > 299) throw new CheckoutError(step, reply);
  return json(reply);
}

/** A guest's cart, delivery chosen and both addresses given: ready for Pay. */
export interface FilledCart {
  readonly email: string;
  readonly sku: string;
  /** The guest cart's masked id. */
  readonly guestCart: string;
  /** Magento's quote id. */
  readonly quoteId: number;
}

/** A guest cart with one `product` and the addresses confirmed: the checkout up to its payment step. */
export async function fillCart(shop: Shop, product: Buyable, tag: string): Promise<FilledCart> {
  const email = `replicas-${tag}-${randomBytes(3).toString('hex')}@example.com`;
  const guestCart = z
    .string()
    .parse(await shopCall(shop, 'create a guest cart', 'POST', '/rest/V1/guest-carts'));
  const cartPath = `/rest/V1/guest-carts/${guestCart}`;
  await shopCall(shop, 'add the line', 'POST', `${cartPath}/items`, {
    cartItem: { sku: product.sku, qty: 1, quote_id: guestCart },
  });
  const methods = z
    .array(
      z.object({
        carrier_code: z.string(),
        method_code: z.string().nullable(),
        available: z.boolean().optional(),
      }),
    )
    .parse(
      await shopCall(shop, 'estimate delivery', 'POST', `${cartPath}/estimate-shipping-methods`, {
        address: address(email),
      }),
    );
  const method = methods.find((m) => m.available !== false);
  if (!method) throw new Error(`Magento offers no delivery method for ${product.sku}`);
  await shopCall(shop, 'confirm the addresses', 'POST', `${cartPath}/shipping-information`, {
    addressInformation: {
      shipping_address: address(email),
      billing_address: address(email),
      shipping_carrier_code: method.carrier_code,
      shipping_method_code: method.method_code ?? '',
    },
  });
  const { id: quoteId } = z
    .object({ id: z.number() })
    .parse(await shopCall(shop, 'read the cart', 'GET', cartPath));
  return { email, sku: product.sku, guestCart, quoteId };
}

/** Everything up to the provider's card page: the payment is registered and the card not yet entered. */
export async function registerCheckout(shop: Shop, product: Buyable, tag: string): Promise<Registered> {
  const cart = await fillCart(shop, product, tag);
  const started = z
    .object({ code: z.string(), nextUrl: z.string() })
    .parse(
      await shopCall(shop, 'Pay (payments/start)', 'POST', '/payments/start', { guestCode: cart.guestCart }),
    );
  const vpsTxId = new URL(started.nextUrl).searchParams.get('vpstxid') ?? '';
  return {
    ...cart,
    code: started.code,
    vpsTxId,
    cardUrl: started.nextUrl,
  };
}

export interface CardOutcome {
  /** The card page's answer: 303 back to the shop, or 200 with the sandbox's own message. */
  readonly status: number;
  /** Where the shopper was sent (the shop's paid or failed page), when the shop answered in time. */
  readonly location: string | undefined;
  readonly ms: number;
}

/** The shopper on the hosted page: it is shown, then the card is entered and Pay now pressed. */
export async function payByCard(registered: Registered, card = GOOD_CARD): Promise<CardOutcome> {
  const page = await http(registered.cardUrl);
  if (page.status !== 200) throw new CheckoutError('open the card page', page);
  const expiry = `12${String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0')}`;
  const form = new URLSearchParams({
    CardNumber: card,
    ExpiryDate: expiry,
    SecurityCode: '123',
    CardHolder: 'Jane Replica',
    action: 'pay',
  });
  const reply = await http(registered.cardUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    timeoutMs: 60_000,
  });
  if (reply.status !== 303 && reply.status !== 200) throw new CheckoutError('submit the card', reply);
  return { status: reply.status, location: header(reply, 'location'), ms: reply.ms };
}

/** The shop's page the shopper lands on, through Varnish. */
export async function landing(shop: Shop, outcome: CardOutcome): Promise<number | undefined> {
  if (!outcome.location) return undefined;
  const url = new URL(outcome.location, shop.siteUrl);
  return (await http(`${shop.siteUrl}${url.pathname}${url.search}`)).status;
}

/** The paid page's question: `/payments/status/{code}` (pending, paid, failed). */
export async function paymentStatus(shop: Shop, code: string): Promise<string> {
  const reply = await http(`${shop.siteUrl}/payments/status/${encodeURIComponent(code)}`, {
    headers: { Accept: 'application/json' },
  });
  const parsed = z.object({ status: z.string() }).safeParse(json(reply));
  return parsed.success ? parsed.data.status : `HTTP ${reply.status}`;
}
