/**
 * The basket page in the browser (Basket.astro; spec §2, §4, §5 with DESIGN.md §3's fixes): plain
 * TypeScript over the cart store the header's badge already runs, no framework and no zod (DESIGN.md §4).
 *
 * On arrival it adds what the query carries (`?sku=…&qty=…`, features/cart/from-query.ts) and waits for
 * the page's cart sync: the loading line until then, the failure with Try again if that fails. Then one
 * row per cart line (basket-row.ts), redrawn in place whenever the cart changes. Update and Remove say so
 * ('Item quantity update successfully!', 'The item has been removed successfully'), or say what went
 * wrong; one action runs at a time, its line busy meanwhile; a quantity typed is never lost while the cart
 * refreshes (it is kept until the cart shows it). Below the lines: their sum in both VAT forms, then
 * Magento's 'Total shipping cost' and 'Total', read again whenever the cart changes (the newest answer
 * wins) and never computed here, and under the total PayPal's Pay in 3 for it when in its range.
 */
import { exclVat, formatPrice } from '../../catalogue/money.ts';
import {
  wholeQuantity,
  addFromQuery,
  lineAmounts,
  linesSum,
  unitExclVat,
  basketProducts,
  type BasketProduct,
  $cart,
  refreshCart,
  removeCartItem,
  updateCartItem,
  startBasketSync,
  $couponChanged,
  basketDelivery,
  type BasketDelivery,
  fetchTotals,
  basketTexts,
} from '../../features/cart/index.ts';
import { totalsOptions, type OptionLabel } from '../../magento/wire/item-options.ts';
import { measureViewCart } from '../../features/analytics/index.ts';
import { deliveryConfig, deliveryMethod, spendForFreeDelivery } from '../../delivery/index.ts';
import type { ShippingMethod } from '../../magento/wire/shipping-method.ts';
import { notify } from '../../features/notify/index.ts';
import { $signedIn } from '../../features/account/index.ts';
import { problemText } from '../../shop-api/problem.ts';
import type { Cart, CartItem } from '../../magento/wire/shopper-cart.ts';
import {
  discountLine,
  grandTotal,
  shippingLine,
  subtotalInclVatAfterDiscount,
} from '../../magento/wire/shopper-totals.ts';
import { listingTexts } from '../../features/listing/index.ts';
import { findParts } from '../../ui/find-parts.ts';
import { BasketRow } from './basket-row.ts';
import { RowFits } from './row-fits.ts';
import { CouponForm } from './coupon-form.ts';
import { labelledAmount, vatPrice } from './vat-price.ts';
import { showPayIn3 } from '../checkout/index.ts';
import { payIn3Amount } from '../../features/checkout/index.ts';

interface Parts {
  loading: HTMLElement;
  failed: HTMLElement;
  failedText: HTMLElement;
  retry: HTMLButtonElement;
  empty: HTMLElement;
  full: HTMLElement;
  rows: HTMLUListElement;
  template: HTMLTemplateElement;
  totalsProblem: HTMLElement;
  itemsRow: HTMLElement;
  itemsTotal: HTMLElement;
  discountRow: HTMLElement;
  discountTitle: HTMLElement;
  discount: HTMLElement;
  shipping: HTMLElement;
  methodRow: HTMLElement;
  shippingMethod: HTMLElement;
  freeDelivery: HTMLElement;
  grandTotal: HTMLElement;
  payIn3: HTMLElement;
}

const findBasketParts = (root: HTMLElement): Parts | null =>
  findParts(root, {
    loading: ['[data-basket-loading]', HTMLElement],
    failed: ['[data-basket-failed]', HTMLElement],
    failedText: ['[data-basket-problem]', HTMLElement],
    retry: ['[data-basket-retry]', HTMLButtonElement],
    empty: ['[data-basket-empty]', HTMLElement],
    full: ['[data-basket-full]', HTMLElement],
    rows: ['[data-basket-rows]', HTMLUListElement],
    template: ['template[data-basket-row]', HTMLTemplateElement],
    totalsProblem: ['[data-totals-problem]', HTMLElement],
    itemsRow: ['[data-items-row]', HTMLElement],
    itemsTotal: ['[data-items-total]', HTMLElement],
    discountRow: ['[data-discount-row]', HTMLElement],
    discountTitle: ['[data-discount-title]', HTMLElement],
    discount: ['[data-discount]', HTMLElement],
    shipping: ['[data-shipping]', HTMLElement],
    methodRow: ['[data-method-row]', HTMLElement],
    shippingMethod: ['[data-shipping-method]', HTMLElement],
    freeDelivery: ['[data-free-delivery]', HTMLElement],
    grandTotal: ['[data-grand-total]', HTMLElement],
    payIn3: ['[data-pay-in-3]', HTMLElement],
  });

type Status = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready' };

class BasketPage {
  private status: Status = { kind: 'loading' };
  private cart: Cart | null = null;
  private readonly catalogue = basketProducts();
  private readonly products = new Map<string, BasketProduct>();
  /** The skus whose products are asked for or had (one whose file failed is asked again). */
  private readonly productsAsked = new Set<string>();
  /** Quantities typed and not yet shown by the cart, by line. */
  private readonly drafts = new Map<number, string>();
  /** The line whose Update or Remove is running; one at a time (a double click must not act twice). */
  private busyItem: number | null = null;
  private readonly rows = new Map<number, BasketRow>();
  private delivery: BasketDelivery | null = null;
  /** The chosen options of each line, as Magento's totals last gave them (item id → labels). */
  private options = new Map<number, OptionLabel[]>();
  private totalsProblem = '';
  private totalsRequest = 0;
  /** "Fits your K 5" of each line, asked once the lines are shown. */
  private readonly fits = new RowFits(() => this.paintRows(this.items()));

  private readonly parts: Parts;
  private readonly coupon: CouponForm | null;

  constructor(parts: Parts, coupon: CouponForm | null) {
    this.parts = parts;
    this.coupon = coupon;
  }

  start(): void {
    const { rows, retry } = this.parts;
    rows.addEventListener('input', (event) => this.typed(event));
    rows.addEventListener('submit', (event) => this.submitted(event));
    rows.addEventListener('click', (event) => this.clicked(event));
    retry.addEventListener('click', () => void this.load(true));
    $cart.subscribe((cart) => this.cartChanged(cart));
    $couponChanged.listen(() => {
      if (this.status.kind === 'ready') this.refreshTotals();
    });
    void this.load(false);
  }

  private items(): CartItem[] {
    return this.status.kind === 'ready' ? (this.cart?.items ?? []) : [];
  }

  /**
   * The first load adds what the query carries and waits for the page's cart sync; Try again refreshes
   * the cart. The first load paints nothing until it is done: the page already shows the loading line,
   * or the empty basket when this browser has no cart (Basket.astro), and that stays as it is.
   */
  private async load(retry: boolean): Promise<void> {
    this.status = { kind: 'loading' };
    if (retry) this.paint();
    try {
      if (retry) await refreshCart();
      else {
        await addFromQuery();
        await startBasketSync();
      }
      this.status = { kind: 'ready' };
      if (!retry) void measureViewCart(this.cart?.items ?? []);
      this.cartChanged(this.cart);
    } catch (error) {
      this.status = { kind: 'failed', message: problemText(error) };
      this.paint();
    }
  }

  private cartChanged(cart: Cart | null): void {
    this.cart = cart;
    for (const [itemId, draft] of this.drafts) {
      const item = cart?.items.find((line) => line.item_id === itemId);
      if (!item || wholeQuantity(draft) === item.qty) this.drafts.delete(itemId);
    }
    if (this.status.kind !== 'ready') return;
    this.refreshTotals();
    this.loadProducts();
    this.paint();
    if (this.items().length > 0) this.fits.load();
  }

  /**
   * Magento's totals for the cart as it now is, with the cheapest UK delivery it offers; an answer to an
   * older request is dropped.
   */
  private refreshTotals(): void {
    const request = ++this.totalsRequest;
    if (this.items().length === 0) {
      this.delivery = null;
      return;
    }
    basketDelivery(fetchTotals).then(
      (delivery) => {
        if (request !== this.totalsRequest) return;
        this.delivery = delivery;
        this.options = totalsOptions(delivery.totals);
        this.totalsProblem = '';
        this.coupon?.totals(delivery.totals);
        this.paintRows(this.items());
        this.paintSummary();
      },
      (error: unknown) => {
        if (request !== this.totalsRequest) return;
        this.totalsProblem = problemText(error);
        this.paintSummary();
      },
    );
  }

  /** Pictures, links and excl-VAT prices of the lines not asked for yet, as lines come. */
  private loadProducts(): void {
    const skus = [...new Set(this.items().map((item) => item.sku))].filter(
      (sku) => !this.productsAsked.has(sku),
    );
    if (skus.length === 0) return;
    for (const sku of skus) this.productsAsked.add(sku);
    this.catalogue.of(skus).then(
      (found) => {
        for (const [sku, product] of found) this.products.set(sku, product);
        this.paint();
      },
      () => {
        // The lines show without them; the next change of the cart asks again.
        for (const sku of skus) this.productsAsked.delete(sku);
      },
    );
  }

  private paint(): void {
    const { loading, failed, failedText, empty, full } = this.parts;
    const { status } = this;
    const items = this.items();
    if (status.kind === 'failed') failedText.textContent = status.message;
    loading.hidden = status.kind !== 'loading';
    failed.hidden = status.kind !== 'failed';
    empty.hidden = status.kind !== 'ready' || items.length > 0;
    full.hidden = items.length === 0;
    this.paintRows(items);
    if (items.length > 0) this.paintSummary();
  }

  private paintRows(items: CartItem[]): void {
    const { rows: list, template } = this.parts;
    const wanted = new Set(items.map((item) => item.item_id));
    const focusLost = this.removeRows(wanted);
    items.forEach((item, at) => {
      let row = this.rows.get(item.item_id);
      if (!row) {
        row = new BasketRow(template, item.item_id);
        this.rows.set(item.item_id, row);
      }
      row.update({
        item,
        product: this.products.get(item.sku),
        options: this.options.get(item.item_id),
        fit: this.fits.of(item.sku, this.products.get(item.sku)?.href),
        reserveFit: this.fits.reserve,
        quantity: this.drafts.get(item.item_id) ?? String(item.qty),
        busy: this.busyItem === item.item_id,
      });
      // Moved only when out of place: moving a row would take the focus out of it.
      const here = list.children[at];
      if (here !== row.element) list.insertBefore(row.element, here ?? null);
    });
    if (focusLost !== null) this.refocus(items, focusLost);
  }

  /** Removes the rows of lines no longer in the cart; answers where focus was if it was in one of them. */
  private removeRows(wanted: Set<number>): number | null {
    let focusLost: number | null = null;
    for (const row of [...this.rows.values()]) {
      if (wanted.has(row.itemId)) continue;
      if (row.element.contains(document.activeElement))
        focusLost = [...this.parts.rows.children].indexOf(row.element);
      row.element.remove();
      this.rows.delete(row.itemId);
    }
    return focusLost;
  }

  /** Focus that was in a removed line goes to the line that took its place, or home's link when none is left. */
  private refocus(items: CartItem[], at: number): void {
    const next = items[Math.min(at, items.length - 1)];
    const row = next && this.rows.get(next.item_id);
    if (row) row.focus();
    else this.parts.empty.querySelector<HTMLElement>('a')?.focus();
  }

  private paintSummary(): void {
    const { itemsRow, itemsTotal, grandTotal: grand, totalsProblem } = this.parts;
    const items = this.items();
    const sum = linesSum(
      items.map((item) => lineAmounts(item, unitExclVat(item.price, this.products.get(item.sku)))),
    );
    itemsRow.hidden = sum.inclVat === null && sum.exclVat === null;
    itemsTotal.replaceChildren(...vatPrice(sum));
    this.paintDelivery();
    const totals = this.delivery?.totals;
    grand.replaceChildren(
      ...(totals ? labelledAmount(grandTotal(totals), listingTexts.inclVat) : [basketTexts.loading]),
    );
    showPayIn3(this.parts.payIn3, totals ? payIn3Amount(grandTotal(totals)) : null);
    totalsProblem.textContent = this.totalsProblem;
    totalsProblem.hidden = this.totalsProblem === '';
  }

  /** Magento's discount and delivery lines, and how far the basket is from free delivery. */
  private paintDelivery(): void {
    const { discountRow, discountTitle, discount, shipping, methodRow, shippingMethod, freeDelivery } =
      this.parts;
    const { delivery } = this;
    const reduction = delivery && discountLine(delivery.totals);
    discountRow.hidden = !reduction;
    discountTitle.textContent = reduction?.title ?? '';
    discount.replaceChildren(...(reduction ? signed(reduction.value) : []));
    methodRow.hidden = !delivery?.method;
    shippingMethod.textContent = delivery?.method?.carrier_title ?? '';
    if (!delivery) {
      shipping.textContent = basketTexts.loading;
      freeDelivery.hidden = true;
      return;
    }
    shipping.textContent = formatPrice(shippingLine(delivery.totals).value);
    // Only standard delivery has a free form: a basket by pallet is never told to spend more.
    const standard = delivery.method && isStandard(delivery.method);
    const more = standard ? spendForFreeDelivery(subtotalInclVatAfterDiscount(delivery.totals)) : 0;
    freeDelivery.hidden = more <= 0;
    freeDelivery.textContent = more > 0 ? basketTexts.spendForFreeDelivery(formatPrice(more)) : '';
  }

  private lineOf(event: Event): number | undefined {
    const target = event.target;
    const row = target instanceof Element ? target.closest<HTMLElement>('[data-item-id]') : null;
    const itemId = Number(row?.dataset['itemId']);
    return Number.isInteger(itemId) ? itemId : undefined;
  }

  private typed(event: Event): void {
    const itemId = this.lineOf(event);
    if (itemId !== undefined && event.target instanceof HTMLInputElement)
      this.drafts.set(itemId, event.target.value);
  }

  private submitted(event: SubmitEvent): void {
    const form = event.target;
    const itemId = this.lineOf(event);
    if (!(form instanceof HTMLFormElement) || itemId === undefined) return;
    event.preventDefault();
    const qty = wholeQuantity(String(new FormData(form).get('qty') ?? ''));
    if (qty === undefined) form.reportValidity();
    else void this.change(itemId, () => updateCartItem(itemId, qty), basketTexts.quantityUpdated);
  }

  private clicked(event: MouseEvent): void {
    const itemId = this.lineOf(event);
    const remove = event.target instanceof Element && event.target.closest('[data-remove]');
    if (remove && itemId !== undefined)
      void this.change(itemId, () => removeCartItem(itemId), basketTexts.removed);
  }

  private async change(itemId: number, work: () => Promise<void>, done: string): Promise<void> {
    if (this.busyItem !== null) return;
    this.busyItem = itemId;
    this.paint();
    try {
      await work();
      notify(done, 'status');
    } catch (error) {
      notify(problemText(error), 'alert');
    } finally {
      this.busyItem = null;
      this.paint();
    }
  }
}

/** Magento's method is the shop's standard delivery (the one free from the threshold). */
const isStandard = (method: ShippingMethod): boolean =>
  deliveryMethod(method.carrier_code, method.method_code ?? '') === deliveryConfig.methods.standard;

/** A reduction Magento gives incl VAT (negative) as "−£4.95", in both VAT forms (the page shows the shopper's). */
function signed(value: number): Node[] {
  const amount = Math.abs(value);
  return [document.createTextNode('−'), ...vatPrice({ inclVat: amount, exclVat: exclVat(amount) })];
}

export function initBasket(): void {
  const root = document.querySelector<HTMLElement>('[data-basket]');
  const parts = root && findBasketParts(root);
  if (parts) new BasketPage(parts, CouponForm.find(root)).start();
  const quote = root?.querySelector<HTMLElement>('[data-quote-request]');
  // Negotiable quotes are for signed-in company buyers only: their code loads for them alone.
  if (quote && $signedIn.get()) void import('../quotes/index.client.ts').then((module) => module.init(quote));
}
