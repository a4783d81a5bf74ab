/**
 * Step 1, register: starts a payment for the shopper's own cart with the amount Magento computes. Reads
 * the cart as the shopper's (which proves it is theirs), checks it (lines, amount, addresses, e-mail,
 * `basketProblem`, the stock of what is delivered, the features' checks), registers it with
 * the provider and stores the transaction as REGISTERED with Magento's quote id; the shopper's token is
 * not kept, as the order is placed with the integration token.
 */
import { isEmail } from '../../parse/email.ts';
import { MagentoApiError } from '../../magento/client.ts';
import { HttpError, SessionEnded } from '../../http/index.ts';
import { paymentTexts } from '../texts.ts';
import { cartLinesKey, type CheckoutCart, type ShopperCartRef } from '../magento-checkout.ts';
import type { PaymentAddress, PaymentMethod, PaymentProvider } from '../provider.ts';
import { offersPayIn3 } from '../methods.ts';
import { refusalOf } from '../checks.ts';
import { basketProblem, paymentAddress, paymentBasket, pence, text } from './basket.ts';
import type { BridgeDeps } from './deps.ts';
import { shortLines } from './orderable.ts';

export interface StartRequest {
  readonly cart: ShopperCartRef;
  /** How the shopper chose to pay. */
  readonly method: PaymentMethod;
}

const MAX_AMOUNT = 100_000;

async function readShopperCart(deps: BridgeDeps, ref: ShopperCartRef): Promise<CheckoutCart> {
  try {
    return await deps.magento.readCart(ref);
  } catch (error) {
    if (error instanceof MagentoApiError && error.status === 401 && ref.kind === 'customer')
      throw new SessionEnded(paymentTexts.sessionEnded);
    if (error instanceof MagentoApiError && error.status === 404)
      throw new HttpError(409, paymentTexts.emptyCart);
    throw error;
  }
}

interface Payable {
  readonly billing: PaymentAddress;
  readonly delivery: PaymentAddress;
  readonly email: string;
  /** The account the payment belongs to: the customer's id for their cart, null for a guest's. */
  readonly customerId: number | null;
}

/** The checks before a payment starts; throws the shopper's message when the cart cannot be paid for. */
function payable(deps: BridgeDeps, request: StartRequest, cart: CheckoutCart): Payable {
  if (cart.lines.length === 0 || cart.amount <= 0) throw new HttpError(409, paymentTexts.emptyCart);
  if (cart.amount > MAX_AMOUNT) throw new HttpError(409, paymentTexts.tooLarge);
  const billing = paymentAddress(cart.billing);
  const delivery = paymentAddress(cart.shipping);
  if (!billing || !delivery || !cart.shippingMethod) throw new HttpError(409, paymentTexts.addressesMissing);
  // The order's e-mail: the customer's, or for a guest the billing address's, which Magento's admin
  // placement copies onto the order (Quote/Model/QuoteManagement.php, placeOrder).
  const ofCustomer = request.cart.kind === 'customer';
  const email = text(ofCustomer ? cart.customerEmail : cart.billing?.email);
  if (!email || !isEmail(email)) throw new HttpError(409, paymentTexts.addressesMissing);
  // The record is the account's by its id, never by the e-mail address (which changes hands).
  const customerId = ofCustomer ? cart.customerId : null;
  if (customerId === undefined) throw new Error(`Magento named no customer for customer cart ${cart.id}`);
  const problem = basketProblem(cart);
  if (problem) {
    deps.log(`Payment refused for cart ${cart.id}: ${problem}`);
    throw new HttpError(409, paymentTexts.basketNotPayable);
  }
  return { billing, delivery, email, customerId };
}

/** The provider taking the shopper's way to pay, for this amount; the shopper's message when none does. */
function providerFor(deps: BridgeDeps, method: PaymentMethod, amount: number): PaymentProvider {
  const provider = deps.providerFor(method);
  if (!provider) throw new HttpError(409, paymentTexts.methodUnavailable);
  if (method === 'paylater' && !offersPayIn3(amount)) throw new HttpError(409, paymentTexts.payIn3OutOfRange);
  return provider;
}

/** A basket to be delivered whose stock has gone is said before any money is taken. */
async function checkStock(deps: BridgeDeps, cart: CheckoutCart): Promise<void> {
  if (cart.pickupPoint) return;
  const short = await shortLines(deps, cart.lines);
  if (short.length === 0) return;
  deps.log(`Payment refused for cart ${cart.id}: out of stock: ${short.join(', ')}`);
  throw new HttpError(409, paymentTexts.soldOut);
}

/** The features' checks (a basket to collect reserved again): a refusal is said before any money is taken. */
async function check(deps: BridgeDeps, cart: CheckoutCart): Promise<void> {
  const refusal = await refusalOf(deps.checks, cart);
  if (!refusal) return;
  deps.log(`Payment refused for cart ${cart.id} by ${refusal.check}: ${refusal.detail}`);
  throw new HttpError(refusal.status, refusal.message);
}

export async function register(
  deps: BridgeDeps,
  request: StartRequest,
): Promise<{ code: string; nextUrl: string }> {
  const { config, currency } = deps;
  const cart = await readShopperCart(deps, request.cart);
  const { billing, delivery, email, customerId } = payable(deps, request, cart);
  await checkStock(deps, cart);
  await check(deps, cart);
  const amount = pence(cart.amount) / 100;
  const { method } = request;
  const provider = providerFor(deps, method, amount);
  const code = provider.newCode();
  const description = `Order from ${config.shopName} online shop`;
  const basket = paymentBasket(cart);
  const registration = await provider.register({
    code,
    method,
    amount,
    currency,
    description,
    billing,
    delivery,
    email,
    basket,
  });
  if (!registration.ok) {
    deps.log(
      `Payment ${code} not registered by ${provider.name}: ${registration.kind} ${registration.detail}`,
    );
    throw new HttpError(502, provider.notStarted);
  }
  await deps.store.insert({
    code,
    provider: provider.name,
    method,
    providerRef: registration.providerRef,
    providerData: registration.providerData,
    amountPence: pence(amount),
    currency: deps.currency,
    cartKind: request.cart.kind,
    guestCart: request.cart.kind === 'guest' ? request.cart.guestCart : null,
    email,
    customerId,
    cartId: cart.id,
    cartLines: cartLinesKey(cart.lines),
  });
  return { code, nextUrl: registration.nextUrl };
}
