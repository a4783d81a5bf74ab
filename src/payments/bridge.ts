/**
 * The payment bridge (DESIGN.md §1, §3): starts a payment for the shopper's own cart with the amount
 * Magento computes, and turns the provider's signed notification into exactly one complete Magento order.
 * The browser is never trusted with an amount or an outcome: `/paid` only asks `status(code)`.
 */
import { isEmail } from '../features/account/validation.ts';
import { MagentoApiError } from '../magento/client.ts';
import { strings } from '../strings.ts';
import { HttpError } from '../server/shopper/http-json.ts';
import {
  cartLinesKey,
  type CartRef,
  type CheckoutCart,
  type MagentoCheckout,
  type QuoteAddress,
} from './magento-checkout.ts';
import type {
  Acknowledgement,
  HostedPaymentProvider,
  PaymentAddress,
  PaymentBasket,
  ProviderNotification,
} from './provider.ts';
import type { PaymentRecord, PaymentStore } from './store.ts';

export interface PaymentBridgeConfig {
  readonly provider: HostedPaymentProvider;
  readonly magento: MagentoCheckout;
  /** The store, or a function opening it on first use (the server starts without touching the disk). */
  readonly store: PaymentStore | (() => PaymentStore);
  /** Public URL of the shop: the provider sends the shopper back to `{siteUrl}/paid` or `/failed-payment`. */
  readonly siteUrl: string;
  /** Where the provider posts its notifications (fully qualified). */
  readonly notificationUrl: string;
  /** `{provider}` of the spec, named in the payment description. */
  readonly shopName: string;
  readonly currency?: string;
  /** How long one notification may hold a transaction while placing its order (default 2 minutes). */
  readonly leaseMs?: number;
  /** How long a repeated notification waits for the first one to finish (default 30 s). */
  readonly waitMs?: number;
  readonly log?: (message: string) => void;
}

export type PaymentStatus = 'pending' | 'paid' | 'failed';

export interface StartRequest {
  readonly cart: CartRef;
  /** A guest's e-mail; otherwise the billing address's (guests) or the customer's. */
  readonly email?: string | undefined;
}

export interface PaymentBridge {
  start(request: StartRequest): Promise<{ code: string; nextUrl: string }>;
  /** Handles one notification body and returns the bytes to answer with. */
  notify(body: string): Promise<{ contentType: string; body: string }>;
  status(code: string): PaymentStatus | undefined;
}

const MAX_AMOUNT = 100_000;
const pence = (pounds: number): number => Math.round(pounds * 100);
const text = (value: string | null | undefined): string => (value ?? '').trim();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error));

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

export function createPaymentBridge(config: PaymentBridgeConfig): PaymentBridge {
  const { provider, magento } = config;
  const log = config.log ?? ((message: string) => console.warn(message));
  const leaseMs = config.leaseMs ?? 120_000;
  const waitMs = config.waitMs ?? 30_000;
  const paidUrl = `${config.siteUrl}/paid`;
  const failedUrl = `${config.siteUrl}/failed-payment`;
  let opened: PaymentStore | undefined;
  const store = (): PaymentStore =>
    (opened ??= typeof config.store === 'function' ? config.store() : config.store);

  const refOf = (record: PaymentRecord): CartRef | undefined =>
    record.cartKind === 'guest'
      ? record.guestCart
        ? { kind: 'guest', guestCart: record.guestCart }
        : undefined
      : record.customerToken
        ? { kind: 'customer', token: record.customerToken }
        : undefined;

  // ---- Starting a payment ---------------------------------------------------------------------------

  async function readShopperCart(ref: CartRef): Promise<CheckoutCart> {
    try {
      return await magento.readCart(ref);
    } catch (error) {
      if (error instanceof MagentoApiError && error.status === 401 && ref.kind === 'customer')
        throw new HttpError(401, strings.checkout.sessionEnded);
      if (error instanceof MagentoApiError && error.status === 404)
        throw new HttpError(409, strings.checkout.emptyCart);
      throw error;
    }
  }

  async function start(request: StartRequest): Promise<{ code: string; nextUrl: string }> {
    const cart = await readShopperCart(request.cart);
    if (cart.lines.length === 0 || cart.amount <= 0) throw new HttpError(409, strings.checkout.emptyCart);
    if (cart.amount > MAX_AMOUNT) throw new HttpError(409, strings.checkout.tooLarge);
    const billing = paymentAddress(cart.billing);
    const delivery = paymentAddress(cart.shipping);
    if (!billing || !delivery || !cart.shippingMethod)
      throw new HttpError(409, strings.checkout.addressesMissing);
    const email =
      request.cart.kind === 'customer'
        ? text(cart.customerEmail)
        : [request.email, cart.billing?.email, cart.shipping?.email].map(text).find(isEmail);
    if (!email || !isEmail(email)) throw new HttpError(409, strings.checkout.addressesMissing);
    const problem = basketProblem(cart);
    if (problem) {
      log(`Payment refused for cart ${cart.id}: ${problem}`);
      throw new HttpError(409, strings.checkout.basketNotPayable);
    }

    const code = provider.newCode();
    const amount = pence(cart.amount) / 100;
    const registration = await provider.register(
      {
        code,
        amount,
        currency: config.currency ?? 'GBP',
        description: `Order from ${config.shopName} online shop`,
        billing,
        delivery,
        email,
        basket: paymentBasket(cart),
      },
      config.notificationUrl,
    );
    if (!registration.ok) {
      log(`Payment ${code} not registered by ${provider.name}: ${registration.kind} ${registration.detail}`);
      throw new HttpError(502, strings.checkout.startFailed);
    }
    store().insert({
      code,
      provider: provider.name,
      providerRef: registration.providerRef,
      secret: registration.secret,
      amountPence: pence(amount),
      currency: config.currency ?? 'GBP',
      cartKind: request.cart.kind,
      guestCart: request.cart.kind === 'guest' ? request.cart.guestCart : null,
      customerToken: request.cart.kind === 'customer' ? request.cart.token : null,
      email,
      cartId: cart.id,
      cartLines: cartLinesKey(cart.lines),
    });
    return { code, nextUrl: registration.nextUrl };
  }

  // ---- Notifications --------------------------------------------------------------------------------

  type Reply = { contentType: string; body: string };
  const answer = (ack: Acknowledgement): Reply => provider.acknowledge(ack);
  const redirectFor = (record: PaymentRecord) => (record.state === 'PAID' ? paidUrl : failedUrl);

  /** A transaction that is already PAID or FAILED: the same answer again, or INVALID for another status. */
  function replyFinal(record: PaymentRecord, notification: ProviderNotification) {
    if (record.reply && record.providerStatus === notification.status) return answer(record.reply);
    log(
      `Payment ${record.code}: ${notification.status} notification for a transaction already ${record.state} (${record.providerStatus ?? '?'}); refused`,
    );
    return answer({
      status: 'INVALID',
      redirectUrl: redirectFor(record),
      detail: 'The transaction is already complete.',
    });
  }

  /** Another notification is placing this order: wait for its outcome and answer the same. */
  async function waitForFinal(code: string, notification: ProviderNotification): Promise<Reply> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const record = store().get(code);
      if (record && (record.state === 'PAID' || record.state === 'FAILED'))
        return replyFinal(record, notification);
      if (record?.state === 'REGISTERED') return handle(record, notification);
      if (Date.now() > deadline)
        return answer({ status: 'ERROR', redirectUrl: paidUrl, detail: 'The order is still being placed.' });
      await sleep(50);
    }
  }

  function fail(record: PaymentRecord, notification: ProviderNotification, reason: string) {
    log(`Payment ${record.code}: ${notification.status} not turned into an order: ${reason}`);
    const reply: Acknowledgement = {
      status: 'INVALID',
      redirectUrl: failedUrl,
      detail: 'The order could not be placed; do not settle.',
    };
    store().finish(record.code, ['PLACING'], {
      state: 'FAILED',
      providerStatus: notification.status,
      reply,
      failure: reason,
    });
    return answer(reply);
  }

  /** Why the cart cannot be ordered for this payment now, or undefined when it still matches. */
  async function cartMismatch(record: PaymentRecord, ref: CartRef): Promise<string | undefined> {
    let cart: CheckoutCart;
    try {
      cart = await magento.readCart(ref);
    } catch (error) {
      return `the cart cannot be read (${describe(error)})`;
    }
    if (cart.id !== record.cartId) return `another cart (${cart.id}, expected ${record.cartId})`;
    if (cartLinesKey(cart.lines) !== record.cartLines) return 'the cart changed after Pay';
    const problem = basketProblem(cart);
    if (problem) return problem;
    if (pence(cart.amount) !== record.amountPence)
      return `the amount changed (${pence(cart.amount)} pence, paid ${record.amountPence})`;
    return undefined;
  }

  async function setStatus(orderId: number, status: 'complete' | 'holded'): Promise<boolean> {
    for (let attempt = 1; attempt <= 3; attempt++) {
      try {
        await magento.setOrderStatus(orderId, status);
        return true;
      } catch (error) {
        log(`Order ${orderId} not set ${status} (attempt ${attempt}): ${describe(error)}`);
        await sleep(200 * attempt);
      }
    }
    return false;
  }

  /** Holds the claim: places the order once (or finds it placed), checks it and sets it complete. */
  async function placeOrder(code: string, notification: ProviderNotification) {
    const record = store().get(code);
    if (!record) return answer({ status: 'INVALID', redirectUrl: failedUrl });
    const ref = refOf(record);
    if (!ref) return fail(record, notification, 'the cart reference is gone');
    let orderId = record.orderId;
    if (orderId === null) {
      const mismatch = await cartMismatch(record, ref);
      if (mismatch) return fail(record, notification, mismatch);
      try {
        orderId = await magento.placeOrder(ref, record.email);
      } catch (error) {
        return fail(record, notification, `Magento did not place the order (${describe(error)})`);
      }
      store().recordOrder(code, orderId);
    }
    // The cart was checked before placing; the order's own total is checked too, in case the cart
    // changed in between.
    const order = await magento.readOrder(orderId).catch((error: unknown) => {
      log(`Order ${orderId} of payment ${code} not read back: ${describe(error)}`);
      return undefined;
    });
    if (order?.grandTotal !== undefined && pence(order.grandTotal) !== record.amountPence) {
      await setStatus(orderId, 'holded');
      const reply: Acknowledgement = {
        status: 'INVALID',
        redirectUrl: failedUrl,
        detail: 'The order total differs from the amount; do not settle.',
      };
      log(
        `Payment ${code}: order ${orderId} totals ${pence(order.grandTotal)} pence, paid ${record.amountPence}; order held`,
      );
      store().finish(code, ['PLACING'], {
        state: 'FAILED',
        providerStatus: notification.status,
        reply,
        orderId,
        failure: 'order total differs from the amount',
      });
      return answer(reply);
    }
    const completed = await setStatus(orderId, 'complete');
    const reply: Acknowledgement = { status: 'OK', redirectUrl: paidUrl };
    store().finish(code, ['PLACING'], {
      state: 'PAID',
      providerStatus: notification.status,
      reply,
      orderId,
      failure: completed ? null : 'placed, but the status could not be set to complete',
    });
    return answer(reply);
  }

  async function handle(record: PaymentRecord, notification: ProviderNotification): Promise<Reply> {
    if (record.state === 'PAID' || record.state === 'FAILED') return replyFinal(record, notification);
    // Another notification holds the order: wait for it, unless its claim ran out (it crashed) and this
    // one brings the authorisation to finish the job.
    const leaseOver = (record.leaseUntil ?? 0) <= Date.now();
    if (record.state === 'PLACING' && !(leaseOver && notification.outcome === 'AUTHORISED'))
      return waitForFinal(record.code, notification);
    switch (notification.outcome) {
      case 'AUTHORISED': {
        const now = Date.now();
        if (!store().claim(record.code, now, now + leaseMs)) return waitForFinal(record.code, notification);
        try {
          return await placeOrder(record.code, notification);
        } catch (error) {
          // Unexpected (a store failure): leave the claim to expire so a repeated notification retries.
          log(`Payment ${record.code}: placing the order failed: ${describe(error)}`);
          return answer({ status: 'ERROR', redirectUrl: paidUrl, detail: 'Please try again.' });
        }
      }
      case 'PENDING':
        return answer({ status: 'OK', redirectUrl: paidUrl });
      case 'UNEXPECTED':
        log(`Payment ${record.code}: unexpected status ${notification.status}; refused`);
        return answer({ status: 'INVALID', redirectUrl: failedUrl, detail: 'Unexpected status.' });
      default: {
        const reply: Acknowledgement = { status: 'OK', redirectUrl: failedUrl };
        const done = store().finish(record.code, ['REGISTERED'], {
          state: 'FAILED',
          providerStatus: notification.status,
          reply,
          failure: `${notification.status}: ${notification.detail}`,
        });
        if (done) return answer(reply);
        const current = store().get(record.code);
        return current ? handle(current, notification) : answer(reply);
      }
    }
  }

  async function notify(body: string) {
    const notification = provider.readNotification(body);
    if (!notification) {
      log('Payment notification refused: not a notification');
      return answer({ status: 'INVALID', redirectUrl: failedUrl, detail: 'Not a notification.' });
    }
    const record = store().get(notification.code);
    if (!record) {
      // The code comes from the request: printable characters only, so it cannot forge log lines.
      const shown = notification.code.slice(0, 40).replace(/[^\x20-\x7e]/g, '?');
      log(`Payment notification refused: unknown transaction ${shown}`);
      return answer({ status: 'INVALID', redirectUrl: failedUrl, detail: 'Unknown transaction.' });
    }
    if (!provider.verify(notification, record)) {
      log(`Payment ${record.code}: notification signature or transaction id does not match; refused`);
      return answer({
        status: 'INVALID',
        redirectUrl: redirectFor(record),
        detail: 'Cannot match the MD5 Hash. Order might be tampered with.',
      });
    }
    return handle(record, notification);
  }

  function status(code: string): PaymentStatus | undefined {
    const record = store().get(code);
    if (!record) return undefined;
    return record.state === 'PAID' ? 'paid' : record.state === 'FAILED' ? 'failed' : 'pending';
  }

  return { start, notify, status };
}
