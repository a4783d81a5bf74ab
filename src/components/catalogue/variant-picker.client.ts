/**
 * Switches a configurable product's page to the chosen child without a reload: prices in both VAT forms
 * (and Pay in 3's sentence, hidden outside its range), stock, model number, main picture, quantity prices,
 * delivery and specifications, the picker's sold-out marks, the add button (off for a sold-out child) and
 * the URL (`?volume=5-l`, with history.replaceState, so a shared link opens with the choice). A page opened
 * with a choice in its URL opens with it. VariantPicker.astro loads this when the shopper comes to the
 * picker. The facts come from the JSON the page embeds (VariantPicker.astro); the state is
 * variant-picker.ts's, which rendered the page.
 */
import { imageSrcset, imageUrl } from '../../catalogue/images.ts';
import {
  openingVariant,
  pickerState,
  type PickerData,
  type VariantFacts,
} from '../../site/variant-picker.ts';
import { readPickerData } from './picker-data.ts';
import { showPayIn3 } from '../checkout/index.ts';

const text = (element: Element | null, value: string) => {
  if (element && element.textContent !== value) element.textContent = value;
};

/** Rows of cells as DOM, built from text (the facts are shop data, never markup). */
function rows(cells: readonly (readonly string[])[], tag: 'tr' | 'li'): HTMLElement[] {
  return cells.map((row) => {
    const element = document.createElement(tag);
    if (tag === 'li') {
      const [incl = '', excl = ''] = row;
      element.innerHTML = '<span class="vat-incl"></span><span class="vat-excl"></span>';
      text(element.firstElementChild, incl);
      text(element.lastElementChild, excl);
    } else {
      const [label = '', value = ''] = row;
      const th = document.createElement('th');
      th.scope = 'row';
      th.textContent = label;
      const td = document.createElement('td');
      td.textContent = value;
      element.append(th, td);
    }
    return element;
  });
}

/** A price line's "Was £X", made from the page's template when the chosen child is on sale. */
function wasTemplate(page: HTMLElement, line: HTMLElement): HTMLElement | null {
  const template = page.querySelector<HTMLTemplateElement>('template[data-was-template]');
  const struck = template?.content.firstElementChild?.cloneNode(true);
  if (!(struck instanceof HTMLElement)) return null;
  line.append(struck);
  return struck;
}

function show(page: HTMLElement, data: PickerData, chosen: VariantFacts): void {
  const picker = page.querySelector<HTMLElement>('[data-variant-picker]');
  if (!picker) return;
  picker.dataset['chosen'] = chosen.sku;
  const state = pickerState(data, chosen);
  data.attributes.forEach((attribute, at) => {
    const inputs = [...picker.querySelectorAll<HTMLInputElement>(`input[data-code="${attribute.code}"]`)];
    for (const value of state[at] ?? []) {
      const input = inputs.find((candidate) => candidate.value === String(value.id));
      if (!input) continue;
      input.checked = value.checked;
      const note = input.parentElement?.querySelector<HTMLElement>('[data-sold-out]');
      if (note) note.hidden = !value.soldOut;
    }
  });

  for (const form of ['incl', 'excl'] as const) {
    const amount = chosen[form === 'incl' ? 'inclVat' : 'exclVat'];
    const line = page.querySelector<HTMLElement>(`[data-price="${form}"]`);
    if (!line) continue;
    line.hidden = amount === null;
    text(line.querySelector('.amount'), amount ?? '');
    const was = chosen[form === 'incl' ? 'wasInclVat' : 'wasExclVat'];
    let struck = line.querySelector<HTMLElement>('[data-was]');
    if (was === null) struck?.remove();
    else {
      struck ??= wasTemplate(page, line);
      text(struck?.querySelector('del') ?? null, was);
    }
  }
  const payIn3 = page.querySelector<HTMLElement>('[data-pay-in-3]');
  if (payIn3) showPayIn3(payIn3, chosen.payIn3);
  const stock = page.querySelector<HTMLElement>('[data-stock]');
  if (stock) {
    stock.classList.toggle('in', chosen.inStock);
    stock.classList.toggle('out', !chosen.inStock);
    // The words are the text after the dot, as rendered.
    const words = stock.lastChild;
    if (words?.nodeType === Node.TEXT_NODE)
      words.textContent = stock.dataset[chosen.inStock ? 'inText' : 'outText'] ?? '';
  }
  const model = page.querySelector<HTMLElement>('[data-model]');
  if (model) {
    model.hidden = chosen.model === null;
    text(model, (model.dataset['template'] ?? '{}').replace('{}', chosen.model ?? ''));
  }
  for (const block of page.querySelectorAll<HTMLElement>('[data-variant-delivery]'))
    block.hidden = block.dataset['variantDelivery'] !== String(chosen.delivery);
  const button = page.querySelector<HTMLButtonElement>('form[data-add-to-cart] button[type="submit"]');
  if (button) button.disabled = !chosen.inStock;
  const tiers = page.querySelector<HTMLElement>('[data-tiers]');
  if (tiers) {
    tiers.replaceChildren(
      ...rows(
        chosen.tiers.map((tier) => [tier.inclVat, tier.exclVat]),
        'li',
      ),
    );
    tiers.hidden = chosen.tiers.length === 0;
  }
  const specs = page.querySelector<HTMLTableSectionElement>('[data-variant-specs]');
  if (specs && chosen.specs.length > 0) {
    // Children share their rows, mostly: their values change in place, and only a different set is rebuilt.
    const cells = [...specs.rows].map((row) => [row.cells[0], row.cells[1]] as const);
    if (
      cells.length === chosen.specs.length &&
      chosen.specs.every(([label], at) => cells[at]?.[0]?.textContent === label)
    )
      chosen.specs.forEach(([, value], at) => text(cells[at]?.[1] ?? null, value));
    else specs.replaceChildren(...rows(chosen.specs, 'tr'));
  }

  const picture = chosen.image ?? data.image;
  const source = page.querySelector<HTMLSourceElement>('[data-gallery-source]');
  const image = page.querySelector<HTMLImageElement>('[data-gallery-image]');
  if (picture && source && image && image.getAttribute('src') !== imageUrl(picture.file, 640, 'jpeg')) {
    source.srcset = imageSrcset(picture.file, 960, 'webp');
    image.srcset = imageSrcset(picture.file, 960, 'jpeg');
    image.src = imageUrl(picture.file, 640, 'jpeg');
    image.alt = picture.label;
    for (const thumb of page.querySelectorAll('[data-gallery] a[data-file]'))
      if (thumb.getAttribute('data-file') === picture.file) thumb.setAttribute('aria-current', 'true');
      else thumb.removeAttribute('aria-current');
  }
}

/** The URL with this choice, keeping any other parameter (a campaign's) and the fragment. */
function urlWith(data: PickerData, chosen: VariantFacts): string {
  const params = new URLSearchParams(location.search);
  for (const attribute of data.attributes) params.delete(attribute.code);
  for (const [code, slug] of new URLSearchParams(chosen.query)) params.set(code, slug);
  const query = params.toString();
  return `${location.pathname}${query ? `?${query}` : ''}${location.hash}`;
}

/**
 * Wires the picker: opens with the URL's choice, takes up a choice made before this code arrived (it loads
 * when the shopper comes to the picker), and switches the page on every choice after.
 */
export function initVariantPicker(): void {
  const json = document.querySelector('script[data-variant-data]');
  const page = document.querySelector<HTMLElement>('main') ?? document.body;
  const picker = page.querySelector<HTMLElement>('[data-variant-picker]');
  if (!json || !picker) return;
  const data = readPickerData(json.textContent);
  if (!data) return; // The page as rendered still works as a form.
  const current = () => data.variants.find((variant) => variant.sku === picker.dataset['chosen']);

  /** The shopper chose `input`'s value: the variant it leads to, shown and written to the URL. */
  const choose = (input: HTMLInputElement) => {
    const attribute = data.attributes.findIndex((candidate) => candidate.code === input.dataset['code']);
    const from = current();
    if (!from || attribute === -1) return;
    const target = pickerState(data, from)[attribute]?.find((value) => String(value.id) === input.value)?.sku;
    const chosen = data.variants.find((variant) => variant.sku === target);
    if (!chosen) {
      // No child has that value (the page renders none such; a stale page might): the radios go back to
      // the child shown, so what is checked is what the form sends and the page says.
      for (const other of picker.querySelectorAll<HTMLInputElement>(
        `input[data-code="${input.dataset['code']}"]`,
      ))
        other.checked = Number(other.value) === from.values[other.dataset['code'] ?? ''];
      return;
    }
    if (chosen === from) return;
    show(page, data, chosen);
    history.replaceState(history.state, '', urlWith(data, chosen));
  };

  const opening = openingVariant(data, location.search);
  const rendered = current();
  if (opening && opening !== rendered) show(page, data, opening);
  else if (rendered)
    for (const input of picker.querySelectorAll<HTMLInputElement>('input[data-code]:checked'))
      if (rendered.values[input.dataset['code'] ?? ''] !== Number(input.value)) choose(input);

  picker.addEventListener('change', (event) => {
    if (event.target instanceof HTMLInputElement && event.target.dataset['code']) choose(event.target);
  });
}
