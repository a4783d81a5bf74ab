/**
 * One basket line on the page, cloned from Basket.astro's `<template data-basket-row>` and kept in step
 * with its cart line: picture and name linking to the product page (when it has one), 'Total for this
 * item' in both VAT forms, the quantity field, Update and Remove naming the product for screen readers,
 * and the busy state while an action on the line runs. Only what changed is touched, so a field being
 * typed in keeps its caret and focus while the cart refreshes around it.
 */
import { lineAmounts } from '../../features/cart/lines.ts';
import type { BasketProduct } from '../../features/cart/products.ts';
import type { CartItem } from '../../magento/wire/shopper-cart.ts';
import { linePicture } from '../line-product.ts';
import { vatKey, vatPrice } from './vat-price.ts';

export interface RowState {
  item: CartItem;
  /** The catalogue's page, picture and excl-VAT price of the line's sku, once known. */
  product: BasketProduct | undefined;
  /** What the quantity field shows: the quantity typed and not yet in the cart, else the cart's. */
  quantity: string;
  busy: boolean;
}

function part<T extends Element>(root: ParentNode, selector: string, type: { new (): T; prototype: T }): T {
  const found = root.querySelector(selector);
  if (!(found instanceof type)) throw new Error(`The basket row template has no ${selector}`);
  return found;
}

function picture(thumbnail: string | null): HTMLElement {
  if (thumbnail) return linePicture(thumbnail);
  const none = document.createElement('span');
  none.className = 'line-product__picture';
  return none;
}

function setBusy(element: Element, attribute: 'aria-busy' | 'aria-disabled', busy: boolean): void {
  if (busy) element.setAttribute(attribute, 'true');
  else element.removeAttribute(attribute);
}

export class BasketRow {
  readonly itemId: number;
  readonly element: HTMLLIElement;
  private readonly product: HTMLAnchorElement;
  private picture: Element;
  private readonly total: HTMLElement;
  private readonly quantity: HTMLInputElement;
  private readonly buttons: HTMLButtonElement[];
  /** What is on screen, so an unchanged part is left alone. */
  private shown = { name: '', product: '', total: '' };

  constructor(template: HTMLTemplateElement, itemId: number) {
    this.itemId = itemId;
    this.element = part(document.importNode(template.content, true), 'li', HTMLLIElement);
    this.element.dataset['itemId'] = String(itemId);
    this.product = part(this.element, '[data-product]', HTMLAnchorElement);
    this.picture = part(this.element, '[data-picture]', HTMLElement);
    this.total = part(this.element, '[data-line-total]', HTMLElement);
    this.quantity = part(this.element, '[data-qty]', HTMLInputElement);
    this.buttons = [...this.element.querySelectorAll('button')];
    const id = `basket-qty-${itemId}`;
    this.quantity.id = id;
    part(this.element, '[data-qty-label]', HTMLLabelElement).htmlFor = id;
  }

  update({ item, product, quantity, busy }: RowState): void {
    const name = item.name ?? item.sku;
    if (name !== this.shown.name) {
      this.shown.name = name;
      part(this.element, '[data-name]', HTMLElement).textContent = name;
      for (const after of this.element.querySelectorAll('[data-name-after]')) after.textContent = ` ${name}`;
    }
    const productKey = `${product?.urlKey ?? ''}|${product?.thumbnail ?? ''}`;
    if (productKey !== this.shown.product) {
      this.shown.product = productKey;
      if (product?.urlKey) this.product.setAttribute('href', `/${product.urlKey}`);
      else this.product.removeAttribute('href');
      const next = picture(product?.thumbnail ?? null);
      this.picture.replaceWith(next);
      this.picture = next;
    }
    const amounts = lineAmounts(item, product?.priceExclVat);
    if (vatKey(amounts) !== this.shown.total) {
      this.shown.total = vatKey(amounts);
      this.total.replaceChildren(...vatPrice(amounts));
    }
    if (this.quantity.value !== quantity) this.quantity.value = quantity;
    setBusy(this.element, 'aria-busy', busy);
    for (const button of this.buttons) setBusy(button, 'aria-disabled', busy);
  }

  /** The line's quantity field, where focus goes when a neighbouring line is removed. */
  focus(): void {
    this.quantity.focus();
  }
}
