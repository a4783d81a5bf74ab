/**
 * The /compare page (pages/compare.astro's markup): the URL is the comparison. `?skus=a,b,c` names the
 * products, and opening such a link makes them the browser's compare list too; with none, the browser's
 * list is shown and written into the URL, so the address bar always holds a link that shows this table to
 * anyone. The products' facts come from the build's static files (no back-end call): a sku that is gone
 * from the shop is taken off the list and the URL, with a notice naming it; a file that cannot be had
 * (network, server) leaves everything as it was, with a message and Try again.
 */
import { compareRows } from '../../features/compare/rows.ts';
import { sheetReader, SHEET_ID, type SheetGroup } from '../../features/compare/sheet.ts';
import { notify } from '../../features/notify/index.ts';
import { loadFacts, type ProductFacts, choicesOf, variantName } from '../../features/product-data/index.ts';
import { comparePageTexts as texts } from '../../features/compare/browser-texts.ts';
import { initAddToCart } from '../catalogue/index.client.ts';
import { findParts } from '../../ui/find-parts.ts';
import { comparisonFromUrl, keepComparison } from './compare.client.ts';
import { compareTableHtml, differentKinds, type ComparedProduct } from './compare-view.ts';
import { readJson } from '@cleaning-shop/kit/reader.ts';

interface Parts {
  heading: HTMLElement;
  loading: HTMLElement;
  empty: HTMLElement;
  failed: HTMLElement;
  failedText: HTMLElement;
  retry: HTMLButtonElement;
  kinds: HTMLElement;
  tools: HTMLElement;
  differences: HTMLInputElement;
  table: HTMLElement;
}

const findCompareParts = (root: HTMLElement): Parts | null =>
  findParts(root, {
    heading: ['h1', HTMLElement],
    loading: ['[data-loading]', HTMLElement],
    empty: ['[data-empty]', HTMLElement],
    failed: ['[data-failed]', HTMLElement],
    failedText: ['[data-failed] [role="alert"]', HTMLElement],
    retry: ['[data-retry]', HTMLButtonElement],
    kinds: ['[data-kinds]', HTMLElement],
    tools: ['[data-tools]', HTMLElement],
    differences: ['[data-differences]', HTMLInputElement],
    table: ['[data-table]', HTMLElement],
  });

const CAPTION_ID = 'compare-caption';

type State = 'loading' | 'empty' | 'failed' | 'table';

class ComparePage {
  private readonly parts: Parts;
  private readonly sheet: readonly SheetGroup[];
  /** The products compared, in column order. */
  private products: ComparedProduct[] = [];
  /** The skus last asked for, which Try again asks for again. */
  private asked: readonly string[] = [];

  constructor(parts: Parts, sheet: readonly SheetGroup[]) {
    this.parts = parts;
    this.sheet = sheet;
  }

  start(): void {
    const { retry, differences, table } = this.parts;
    retry.addEventListener('click', () => void this.load(this.asked));
    differences.addEventListener('change', () =>
      table.toggleAttribute('data-differences-only', differences.checked),
    );
    table.addEventListener('click', (event) => {
      const button = event.target instanceof Element && event.target.closest('[data-remove]');
      if (button) this.remove(button.getAttribute('data-remove') ?? '');
    });
    void this.load(comparisonFromUrl());
  }

  private async load(skus: readonly string[]): Promise<void> {
    this.asked = skus;
    if (skus.length === 0) {
      this.keep([]);
      return;
    }
    this.show('loading');
    const results = await loadFacts(skus);
    if (results.some((result) => result.status === 'failed')) {
      this.show('failed');
      return;
    }
    const gone = skus.filter((_, at) => results[at]?.status === 'gone');
    if (gone.length > 0) notify(texts.gone(gone));
    this.keep(await compared(results.flatMap((result) => (result.status === 'found' ? [result.facts] : []))));
  }

  /** Compares `products`: the list, the URL and the table follow. */
  private keep(products: ComparedProduct[]): void {
    this.products = products;
    keepComparison(products.map((product) => product.sku));
    this.draw();
  }

  private remove(sku: string): void {
    const at = this.products.findIndex((product) => product.sku === sku);
    const removed = this.products[at];
    if (!removed) return;
    this.keep(this.products.filter((product) => product !== removed));
    notify(texts.removed(removed.name));
    // Focus stays where the shopper was: the next column's Remove (or the last one), else the heading.
    const buttons = this.parts.table.querySelectorAll<HTMLElement>('[data-remove]');
    (buttons[Math.min(at, buttons.length - 1)] ?? this.parts.heading).focus();
  }

  private draw(): void {
    const { products, parts } = this;
    if (products.length === 0) {
      parts.table.replaceChildren();
      this.show('empty');
      return;
    }
    parts.table.innerHTML = compareTableHtml(products, compareRows(this.sheet, products), CAPTION_ID);
    const kinds = differentKinds(products);
    parts.kinds.textContent = kinds.length > 0 ? texts.differentKinds(kinds) : '';
    parts.kinds.hidden = kinds.length === 0;
    // Differences need two products to differ.
    parts.tools.hidden = products.length < 2;
    this.show('table');
  }

  private show(state: State): void {
    const { loading, empty, failed, failedText, table, tools } = this.parts;
    loading.hidden = state !== 'loading';
    // Written as it fails, so screen readers announce it (an alert that was there all along may not be).
    failedText.textContent = state === 'failed' ? texts.failed : '';
    empty.hidden = state !== 'empty';
    failed.hidden = state !== 'failed';
    table.hidden = state !== 'table';
    if (state !== 'table') {
      tools.hidden = true;
      this.parts.kinds.hidden = true;
    }
  }
}

/**
 * The products as compared: a configurable's child by its parent's name and the chosen options, with the
 * choice that adds it to the cart (from its parent's facts; without them it is added by its own sku).
 */
async function compared(found: readonly ProductFacts[]): Promise<ComparedProduct[]> {
  const choices = await choicesOf(found);
  return found.map((facts) =>
    facts.parent ? { ...facts, name: variantName(facts), choice: choices.get(facts.sku) } : facts,
  );
}

/** The sheet the build embedded in the page; none (a broken page) compares no attributes, just products. */
function readSheet(): SheetGroup[] {
  const parsed = sheetReader.safeParse(readJson(document.getElementById(SHEET_ID)?.textContent));
  if (parsed.success) return parsed.data;
  console.error('The compare page has no readable attribute sheet.');
  return [];
}

export function initComparePage(): void {
  const root = document.querySelector<HTMLElement>('[data-compare-page]');
  const parts = root && findCompareParts(root);
  if (!parts) return;
  initAddToCart();
  new ComparePage(parts, readSheet()).start();
}
