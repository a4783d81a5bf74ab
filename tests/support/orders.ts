/**
 * Orders placed over HTTP against an embedded back end, the way a shopper's checkout places them (cart,
 * shipping information, payment information with checkmo): for a customer (their token) or a guest.
 */
import { INTEGRATION_TOKEN, type TestBackend } from './backend.ts';

export interface TestOrderAddress {
  readonly firstname: string;
  readonly lastname: string;
  readonly street: readonly string[];
  readonly city: string;
  readonly postcode: string;
  readonly country_id: string;
  readonly telephone: string;
  readonly email: string;
}

export const ORDER_ADDRESS: TestOrderAddress = {
  firstname: 'Sam',
  lastname: 'Patel',
  street: ['12 Mill Lane'],
  city: 'Manchester',
  postcode: 'M1 2AB',
  country_id: 'GB',
  telephone: '0161 496 0123',
  email: 'sam.patel@example.com',
};

export interface PlacedTestOrder {
  readonly id: number;
  /** Magento's order number (`increment_id`). */
  readonly number: string;
}

/** Places an order of `lines` as the customer whose token is given, or as a guest (`token` undefined). */
export async function placeTestOrder(
  backend: Pick<TestBackend, 'call'>,
  options: {
    token?: string;
    /** A configurable's line: the parent's sku with Magento's `product_option` choosing the child. */
    lines: readonly { sku: string; qty: number; product_option?: unknown }[];
    address?: TestOrderAddress;
    /** The back end's integration token, to read the order back (default: the test back end's). */
    integrationToken?: string;
    /**
     * Collected instead of delivered (MSI's in-store pickup): the point's own address with its
     * `extension_attributes.pickup_location_code`, sent as the shipping address with carrier `instore`.
     */
    pickup?: Record<string, unknown>;
    /** A guest cart that already holds the lines (`lines` are then added to it, if any). */
    guestCart?: string;
  },
): Promise<PlacedTestOrder> {
  const { token } = options;
  const address = options.address ?? ORDER_ADDRESS;
  const check = (step: string, reply: { status: number; body: unknown }) => {
    if (reply.status !== 200) throw new Error(`${step}: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body;
  };
  let cart: string;
  if (token) {
    check('cart', await backend.call('POST', '/rest/V1/carts/mine', { token }));
    cart = '/rest/V1/carts/mine';
  } else {
    const code =
      options.guestCart ?? String(check('cart', await backend.call('POST', '/rest/V1/guest-carts')));
    cart = `/rest/V1/guest-carts/${code}`;
  }
  for (const line of options.lines)
    check(
      `add ${line.sku}`,
      await backend.call('POST', `${cart}/items`, {
        token,
        body: { cartItem: line },
      }),
    );
  check(
    'shipping',
    await backend.call('POST', `${cart}/shipping-information`, {
      token,
      body: {
        addressInformation: {
          shipping_address: options.pickup ? { ...address, ...options.pickup } : address,
          billing_address: address,
          shipping_carrier_code: options.pickup ? 'instore' : 'flatrate',
          shipping_method_code: options.pickup ? 'pickup' : 'flatrate',
        },
      },
    }),
  );
  const id = Number(
    check(
      'payment',
      await backend.call('POST', `${cart}/payment-information`, {
        token,
        body: { ...(token ? {} : { email: address.email }), paymentMethod: { method: 'checkmo' } },
      }),
    ),
  );
  const order = check(
    'order',
    await backend.call('GET', `/rest/V1/orders/${id}`, {
      token: options.integrationToken ?? INTEGRATION_TOKEN,
    }),
  );
  return { id, number: (order as { increment_id: string }).increment_id };
}
