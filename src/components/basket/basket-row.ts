/**
 * One basket line on the page, cloned from Basket.astro's `<template data-basket-row>` and kept in step
 * with its cart line: picture and name linking to the product page (when it has one; a configurable's
 * line links to its parent's page with the choice), the chosen options ("Volume: 5 l"), "Fits your K 5" when
 * it fits one of the shopper's machines, 'Total for this
 * item' in both VAT forms with the unit price Magento applies when there is more than one (and whether it
 * is a tier price), the quantity field, Update and Remove naming the product for screen readers,
 * and the busy state while an action on the line runs. Only what changed is touched, so a field being
 * typed in keeps its caret and focus while the cart refreshes around it.
 */
import { isTierPrice, lineAmounts, unitExclVat, type BasketProduct } from '../../features/cart/index.ts';
import { hasChosenOptions, optionsText, type OptionLabel } from '../../magento/wire/item-options.ts';
import type { CartItem } from '../../magento/wire/shopper-cart.ts';
import { linePicture } from '../../ui/line-product.ts';
import { unitPrice, vatKey, vatPrice } from './vat-price.ts';

export interface RowState {
  item: CartItem;
  /** The catalogue's page, picture and excl-VAT price of the line's sku, once known. */
  product: BasketProduct | undefined;
  /**
   * The chosen options Magento's totals give the line; undefined until known. A line with options
   * (`product_option`) keeps a line of room for them meanwhile, so nothing moves when they come.
   */
  options: OptionLabel[] | undefined;
  /** "Fits your K 5" when the line fits one of the shopper's machines (features/my-machines/basket-fits.ts). */
  fit: string | undefined;
  /** The shopper keeps machines: every line keeps a line of room for "Fits your …", so nothing moves when it comes. */
  reserveFit: boolean;
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
  private readonly options: HTMLElement;
  private readonly fit: HTMLElement;
  private readonly unit: HTMLElement;
  private readonly quantity: HTMLInputElement;
  private readonly buttons: HTMLButtonElement[];
  /** What is on screen, so an unchanged part is left alone. */
  private shown = { name: '', product: '', total: '', options: '', fit: '', unit: '' };

  constructor(template: HTMLTemplateElement, itemId: number) {
    this.itemId = itemId;
    this.element = part(document.importNode(template.content, true), 'li', HTMLLIElement);
    this.element.dataset['itemId'] = String(itemId);
    this.product = part(this.element, '[data-product]', HTMLAnchorElement);
    this.picture = part(this.element, '[data-picture]', HTMLElement);
    this.total = part(this.element, '[data-line-total]', HTMLElement);
    this.options = part(this.element, '[data-options]', HTMLElement);
    this.fit = part(this.element, '[data-fit]', HTMLElement);
    this.unit = part(this.element, '[data-unit]', HTMLElement);
    this.quantity = part(this.element, '[data-qty]', HTMLInputElement);
    this.buttons = [...this.element.querySelectorAll('button')];
    const id = `basket-qty-${itemId}`;
    this.quantity.id = id;
    part(this.element, '[data-qty-label]', HTMLLabelElement).htmlFor = id;
  }

  update({ item, product, options, fit, reserveFit, quantity, busy }: RowState): void {
    const name = item.name ?? item.sku;
    if (name !== this.shown.name) {
      this.shown.name = name;
      part(this.element, '[data-name]', HTMLElement).textContent = name;
      for (const after of this.element.querySelectorAll('[data-name-after]')) after.textContent = ` ${name}`;
    }
    const productKey = `${product?.href ?? ''}|${product?.thumbnail ?? ''}`;
    if (productKey !== this.shown.product) {
      this.shown.product = productKey;
      if (product?.href) this.product.setAttribute('href', product.href);
      else this.product.removeAttribute('href');
      const next = picture(product?.thumbnail ?? null);
      this.picture.replaceWith(next);
      this.picture = next;
    }
    this.showOptions(item, options);
    this.showFit(fit ?? (reserveFit ? '\u00a0' : ''));
    const excl = unitExclVat(item.price, product);
    const amounts = lineAmounts(item, excl);
    if (vatKey(amounts) !== this.shown.total) {
      this.shown.total = vatKey(amounts);
      this.total.replaceChildren(...vatPrice(amounts));
    }
    this.showUnit(item, product, excl);
    if (this.quantity.value !== quantity) this.quantity.value = quantity;
    setBusy(this.element, 'aria-busy', busy);
    for (const button of this.buttons) setBusy(button, 'aria-disabled', busy);
  }

  private showOptions(item: CartItem, options: OptionLabel[] | undefined): void {
    const text = options ? optionsText(options) : '';
    // A line Magento says has options gets their room at once: a no-break space until the labels come.
    const reserved = text === '' && hasChosenOptions(item) ? '\u00a0' : text;
    if (reserved === this.shown.options) return;
    this.shown.options = reserved;
    this.options.textContent = reserved;
    this.options.hidden = reserved === '';
  }

  private showFit(text: string): void {
    if (text === this.shown.fit) return;
    this.shown.fit = text;
    this.fit.textContent = text;
    this.fit.hidden = text === '';
  }

  /** "£22.50 each", for more than one; "(tier price)" when Magento's unit price is one of the sku's tiers. */
  private showUnit(item: CartItem, product: BasketProduct | undefined, excl: number | null): void {
    const price = item.price ?? null;
    const tier = isTierPrice(price, item.qty, product);
    const amounts = { inclVat: price, exclVat: price === null ? null : excl };
    const key = item.qty > 1 || tier ? `${vatKey(amounts)}|${tier}` : '';
    if (key === this.shown.unit) return;
    this.shown.unit = key;
    this.unit.replaceChildren(...(key === '' ? [] : unitPrice(amounts, tier)));
    this.unit.hidden = key === '';
  }

  /** The line's quantity field, where focus goes when a neighbouring line is removed. */
  focus(): void {
    this.quantity.focus();
  }
}
