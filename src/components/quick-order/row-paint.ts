/**
 * A quick-order row's markup, drawn from the row as the store shows it (features/quick-order/row-view.ts):
 * its fields, labels naming its number, the product it names with a size picker, and its status line, which
 * describes its fields. The markup is the page's pre-rendered rows' (quick-order.astro).
 */
import type { ProductFacts } from '../../features/product-data/index.ts';
import type { RowView } from '../../features/quick-order/row-view.ts';
import { quickOrderTexts as t } from '../../features/quick-order/texts.ts';
import { unitPrice, vatPrice } from '../basket/index.ts';

const statusIdOf = (key: number): string => `quick-order-status-${key}`;

/** A row's element, its fields empty until `paintRow` fills them. */
function rowElement(key: number): HTMLLIElement {
  const item = document.createElement('li');
  item.className = 'quick-order__row';
  item.dataset['key'] = String(key);
  const codeId = `quick-order-code-${key}`;
  const qtyId = `quick-order-qty-${key}`;
  // The row's status ("No product has this SKU…", "Choose a volume.") describes its fields.
  const statusId = statusIdOf(key);
  // One space between tags, as the pre-rendered rows have them (Astro collapses the markup's whitespace).
  item.innerHTML =
    `<div class="quick-order__field quick-order__field--code"> ` +
    `<label class="visually-hidden quick-order__label" for="${codeId}"></label> ` +
    `<input class="quick-order__input" id="${codeId}" name="code" type="text" autocomplete="off" ` +
    `autocapitalize="characters" spellcheck="false" maxlength="64" aria-describedby="${statusId}" data-code> ` +
    `</div> <div class="quick-order__field quick-order__field--qty"> ` +
    `<label class="visually-hidden quick-order__label" for="${qtyId}"></label> ` +
    `<input class="quick-order__input" id="${qtyId}" name="qty" type="text" inputmode="numeric" ` +
    `autocomplete="off" maxlength="6" aria-describedby="${statusId}" data-qty> ` +
    `</div> <div class="quick-order__result" data-result></div> ` +
    `<button class="quick-order__remove" type="button" data-remove></button>`;
  return item;
}

/** Labels that name the row's number (they change when a row above is removed). */
function labelRow(item: HTMLElement, position: number): void {
  const [codeLabel, qtyLabel] = item.querySelectorAll<HTMLLabelElement>('label');
  if (codeLabel) codeLabel.textContent = t.codeLabel(position + 1);
  if (qtyLabel) qtyLabel.textContent = t.qtyLabel(position + 1);
  for (const row of item.querySelectorAll<HTMLElement>('[data-choice-row]'))
    row.textContent = t.choiceRow(position + 1);
  const remove = item.querySelector<HTMLButtonElement>('[data-remove]');
  if (remove) {
    remove.textContent = t.removeShort;
    remove.setAttribute('aria-label', t.remove(position + 1));
  }
}

function picker(
  key: number,
  product: ProductFacts,
  choice: Readonly<Record<string, number>>,
): HTMLElement | null {
  const variants = product.variants;
  if (!variants) return null;
  const box = document.createElement('div');
  box.className = 'quick-order__picker';
  for (const attribute of variants.attributes) {
    const id = `quick-order-${attribute.code}-${key}`;
    const name = document.createElement('label');
    name.htmlFor = id;
    // Seen as "Volume", read as "Volume, row 3", as the row's other fields are (`labelRow` says which).
    const row = document.createElement('span');
    row.className = 'visually-hidden';
    row.dataset['choiceRow'] = '';
    name.append(attribute.label, row);
    const select = document.createElement('select');
    select.id = id;
    select.setAttribute('aria-describedby', statusIdOf(key));
    select.dataset['attribute'] = attribute.code;
    select.append(new Option(t.chooseOption, ''));
    for (const value of attribute.values) {
      // Only values some child has; a value whose every child is sold out says so.
      const children = variants.children.filter((child) => child.values[attribute.code] === value.id);
      if (children.length === 0) continue;
      const soldOut = children.every((child) => !child.inStock);
      const option = new Option(soldOut ? t.soldOutValue(value.label) : value.label, String(value.id));
      option.selected = choice[attribute.code] === value.id;
      select.append(option);
    }
    box.append(name, select);
  }
  return box;
}

/**
 * Draws the row: its fields, its product and its status line; `whole` draws the product's part anew (a
 * new product, and its picker) rather than only what it says.
 */
function paintRow(item: HTMLElement, one: RowView, whole: boolean): void {
  const code = item.querySelector<HTMLInputElement>('[data-code]');
  const qty = item.querySelector<HTMLInputElement>('[data-qty]');
  // The same value again leaves the caret where it is (HTML: a value set only moves it when it changes).
  if (code) code.value = one.row.code;
  if (qty) qty.value = one.row.qty;
  const result = item.querySelector<HTMLElement>('[data-result]');
  if (!result) return;
  if (whole) {
    result.replaceChildren();
    if (one.about) {
      const about = document.createElement('p');
      about.className = 'quick-order__product';
      about.dataset['about'] = '';
      result.append(about);
      const pick = picker(one.key, one.about.product, one.row.choice);
      if (pick) result.append(pick);
    }
    const status = document.createElement('p');
    status.id = statusIdOf(one.key);
    status.className = 'quick-order__status';
    status.dataset['status'] = '';
    result.append(status);
  }
  paintAbout(result, one);
  const status = result.querySelector<HTMLElement>('[data-status]');
  if (status) {
    status.textContent = one.status.text;
    status.classList.toggle('quick-order__status--ok', one.status.tone === 'ok');
  }
  item.classList.toggle('quick-order__row--problem', one.status.tone === 'problem');
  flag(code, one.status.invalid === 'code');
  flag(qty, one.status.invalid === 'qty');
}

function flag(field: HTMLInputElement | null, invalid: boolean): void {
  if (invalid) field?.setAttribute('aria-invalid', 'true');
  else field?.removeAttribute('aria-invalid');
}

/** The product's name (a link to its page), model number and price for the row's quantity. */
function paintAbout(result: HTMLElement, { about }: RowView): void {
  const box = result.querySelector<HTMLElement>('[data-about]');
  if (!box || !about) return;
  const link = document.createElement('a');
  link.className = 'quick-order__name';
  link.href = about.href;
  link.textContent = about.product.name;
  const parts: Node[] = [link];
  if (about.model) {
    const small = document.createElement('span');
    small.className = 'quick-order__model';
    small.textContent = t.model(about.model);
    parts.push(small);
  }
  // What the basket will charge each for the typed quantity: a tier price says for how many.
  const amounts = about.price;
  if (amounts) {
    const price = document.createElement('span');
    price.className = 'quick-order__price';
    if (amounts.tierQty === null) price.append(...vatPrice(amounts));
    else price.append(...unitPrice(amounts, false), ` ${t.tierQty(amounts.tierQty)}`);
    parts.push(price);
  }
  box.replaceChildren(...parts);
}

/**
 * The list's elements (`elements`, by row key) in the rows' order, with as few moves as a change needs:
 * rows gone are removed, new rows inserted, moved ones relabelled, changed ones redrawn; none is taken out
 * and put back, which would lose the focus.
 */
export function paintRows(
  list: HTMLElement,
  elements: Map<number, HTMLLIElement>,
  rows: readonly RowView[],
  before: readonly RowView[],
): void {
  const was = new Map(before.map((one, position) => [one.key, { one, position }]));
  const keys = new Set(rows.map(({ key }) => key));
  for (const [key, item] of elements)
    if (!keys.has(key)) {
      item.remove();
      elements.delete(key);
    }
  let previous: Element | null = null;
  rows.forEach((one, position) => {
    const old = was.get(one.key);
    let item = elements.get(one.key);
    if (!item) elements.set(one.key, (item = rowElement(one.key)));
    // A row drawn anew (a new product, and its picker) is labelled anew too.
    const whole = !old || old.one.resolution !== one.resolution;
    if (old?.one !== one) paintRow(item, one, whole);
    if (whole || old?.position !== position) labelRow(item, position);
    const place: Element | null = previous ? previous.nextElementSibling : list.firstElementChild;
    if (place !== item) list.insertBefore(item, place);
    previous = item;
  });
}
