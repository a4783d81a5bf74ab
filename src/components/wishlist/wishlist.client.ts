/**
 * The /wishlist page in the browser (Wishlist.astro): the shopper's list drawn from the product facts
 * files (features/product-data/facts.ts), so a guest's needs no back-end call at all. A guest's list is
 * the skus kept in this browser, a product no longer sold is dropped with a notice; a customer's is read
 * from Magento through the storefront server, and a product the facts do not know shows the name Magento
 * gave. A configurable's child shows as its parent's name with the chosen options ("Car Shampoo (Volume:
 * 5 l)"), its own price and stock, linking to the parent's page with the choice. Each row adds its product to the basket or removes it; "Add all to basket" adds every product,
 * names those that could not be added, and, as Magento does with a customer's list, the products added
 * leave the list (a guest's too, so both behave alike). One action runs at a time. When the list cannot be
 * read, the page says so with Try again, never a blank page. Plain TypeScript over the stores the
 * header already runs, no framework and no zod.
 */
import { cartLineItem, factsAbout, type ItemAbout, pushEcommerce } from '../../features/analytics/index.ts';
import { $signedIn } from '../../features/account/index.ts';
import { addToCart, cartChangedElsewhere } from '../../features/cart/index.ts';
import { notify } from '../../features/notify/index.ts';
import { loadFacts, type ProductFacts, choicesOf, variantName } from '../../features/product-data/index.ts';
import { problemText } from '../../shop-api/problem.ts';
import { ShopApiError } from '../../shop-api/shop-api.ts';
import {
  moveCustomerItemsToBasket,
  readCustomerWishlist,
  removeFromCustomerWishlist,
} from '../../features/wishlist/customer.ts';
import { $customerWishlist, $guestWishlist } from '../../features/wishlist/wishlist-state.ts';
import { shellTexts, wishlistTexts } from '../../features/shell/index.ts';
import { wishlistPageTexts } from '../../features/wishlist/browser-texts.ts';
import { findParts } from '../../ui/find-parts.ts';
import { rowKey, wishlistRow, type WishlistEntry } from './wishlist-row.ts';

const t = wishlistPageTexts;

interface Parts {
  loading: HTMLElement;
  failed: HTMLElement;
  failedText: HTMLElement;
  retry: HTMLButtonElement;
  empty: HTMLElement;
  full: HTMLElement;
  addAll: HTMLButtonElement;
  rows: HTMLUListElement;
  template: HTMLTemplateElement;
}

const findWishlistParts = (root: HTMLElement): Parts | null =>
  findParts(root, {
    loading: ['[data-wishlist-loading]', HTMLElement],
    failed: ['[data-wishlist-failed]', HTMLElement],
    failedText: ['[data-wishlist-problem]', HTMLElement],
    retry: ['[data-wishlist-retry]', HTMLButtonElement],
    empty: ['[data-wishlist-empty]', HTMLElement],
    full: ['[data-wishlist-full]', HTMLElement],
    addAll: ['[data-wishlist-all]', HTMLButtonElement],
    rows: ['[data-wishlist-rows]', HTMLUListElement],
    template: ['template[data-wishlist-row]', HTMLTemplateElement],
  });

type Status = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready' };

/** A product that could not be added to the basket, and why (Magento's words). */
interface NotMoved {
  name: string;
  reason: string;
}

/** What the shopper reads when a call fails; for the wish list's own routes, their words when it is down. */
const problem = (error: unknown): string =>
  error instanceof ShopApiError && error.status >= 500 ? error.message : problemText(error);

/** Failures worth naming per product (Magento refused it); anything else stops "Add all" and is shown. */
const refusal = (error: unknown): boolean =>
  error instanceof ShopApiError && error.status >= 400 && error.status < 500 && error.status !== 401;

/** What the product facts say of a wish-list entry, for measurement. */
const aboutEntry = (entry: WishlistEntry): ItemAbout => factsAbout(entry.facts);

/**
 * A customer's items Magento moved to the basket itself (no add of this page's): GA4's `add_to_cart`, one
 * of each at the catalogue's price (Magento's, ga4.ts).
 */
function measureMoved(entries: readonly WishlistEntry[]): void {
  pushEcommerce('add_to_cart', {
    items: entries.map((entry) => ({
      ...cartLineItem({ sku: entry.sku, name: entry.name, qty: 1, price: entry.facts?.priceInclVat }),
      ...aboutEntry(entry),
    })),
  });
}

class WishlistPage {
  private status: Status = { kind: 'loading' };
  /** Facts by sku; null for a sku the facts files do not have (no page in this build). */
  private readonly facts = new Map<string, ProductFacts | null>();
  private busy = false;
  private loads = 0;
  private readonly rows = new Map<string, { element: HTMLLIElement; key: string }>();
  private readonly root: HTMLElement;
  private readonly parts: Parts;

  constructor(root: HTMLElement, parts: Parts) {
    this.root = root;
    this.parts = parts;
  }

  start(): void {
    const { rows, addAll, retry } = this.parts;
    rows.addEventListener('click', (event) => this.clicked(event));
    addAll.addEventListener('click', () => void this.run(() => this.move(this.entries(), true)));
    retry.addEventListener('click', () => void this.load(true));
    // Signed out here or in another tab (or the session ended): the guest's list is drawn instead.
    $signedIn.listen(() => void this.load(false));
    $guestWishlist.listen(() => this.listChanged());
    $customerWishlist.listen(() => this.listChanged());
    void this.load(false);
  }

  private skus(): readonly string[] {
    return $signedIn.get() ? ($customerWishlist.get() ?? []).map((item) => item.sku) : $guestWishlist.get();
  }

  private entries(): WishlistEntry[] {
    if ($signedIn.get())
      return ($customerWishlist.get() ?? []).map((item) => {
        const facts = this.facts.get(item.sku) ?? undefined;
        return {
          sku: item.sku,
          id: item.id,
          name: facts ? variantName(facts) : (item.name ?? item.sku),
          facts,
        };
      });
    return $guestWishlist.get().flatMap((sku) => {
      const facts = this.facts.get(sku);
      return facts ? [{ sku, name: variantName(facts), facts }] : [];
    });
  }

  private async load(again: boolean): Promise<void> {
    const load = ++this.loads;
    this.status = { kind: 'loading' };
    this.paint();
    let status: Status = { kind: 'ready' };
    try {
      const skus = $signedIn.get()
        ? (await readCustomerWishlist(again)).map((item) => item.sku)
        : $guestWishlist.get();
      await this.loadFacts(skus);
    } catch (error) {
      status = { kind: 'failed', message: problem(error) };
      // The session is over: the store now says signed out, and the guest's list is drawn instead.
      if (error instanceof ShopApiError && error.status === 401) notify(shellTexts.sessionEnded, 'alert');
    }
    if (load !== this.loads) return;
    this.status = status;
    this.paint();
  }

  /**
   * The facts of the skus not yet known. A guest's list cannot be drawn without them (a failure is the
   * page's), and a sku they no longer have leaves it, with a notice; a customer's shows Magento's names.
   */
  private async loadFacts(skus: readonly string[]): Promise<void> {
    const wanted = skus.filter((sku) => !this.facts.has(sku));
    if (wanted.length === 0) return;
    const results = await loadFacts(wanted);
    const gone: string[] = [];
    let failed = false;
    results.forEach((result, at) => {
      const sku = wanted[at] ?? '';
      if (result.status === 'found') this.facts.set(sku, result.facts);
      else if (result.status === 'gone') {
        this.facts.set(sku, null);
        gone.push(sku);
      } else failed = true;
    });
    if ($signedIn.get()) return;
    if (gone.length > 0) {
      $guestWishlist.set($guestWishlist.get().filter((sku) => !gone.includes(sku)));
      notify(t.gone(gone.length), 'alert');
    }
    if (failed) throw new ShopApiError(503, t.unavailableNow);
  }

  /** The list changed (a button elsewhere, another tab, an action here): new products' facts, then draw. */
  private listChanged(): void {
    if (this.status.kind !== 'ready') return;
    this.paint();
    this.loadFacts(this.skus()).then(
      () => this.paint(),
      (error: unknown) => {
        this.status = { kind: 'failed', message: problem(error) };
        this.paint();
      },
    );
  }

  private paint(): void {
    const { loading, failed, failedText, empty, full, addAll } = this.parts;
    const { status } = this;
    const entries = status.kind === 'ready' ? this.entries() : [];
    if (status.kind === 'failed') failedText.textContent = status.message;
    loading.hidden = status.kind !== 'loading';
    failed.hidden = status.kind !== 'failed';
    empty.hidden = status.kind !== 'ready' || entries.length > 0;
    full.hidden = entries.length === 0;
    this.paintRows(entries);
    if (this.busy) this.root.setAttribute('aria-busy', 'true');
    else this.root.removeAttribute('aria-busy');
    for (const button of [addAll, ...this.parts.rows.querySelectorAll('button')]) {
      if (this.busy) button.setAttribute('aria-disabled', 'true');
      else button.removeAttribute('aria-disabled');
    }
  }

  /** Rows in the list's order; a row is redrawn only when what it shows changed. */
  private paintRows(entries: readonly WishlistEntry[]): void {
    const list = this.parts.rows;
    const wanted = new Set(entries.map((entry) => entry.sku));
    let focusLost: number | null = null;
    for (const [sku, row] of this.rows) {
      if (wanted.has(sku)) continue;
      if (row.element.contains(document.activeElement)) focusLost = [...list.children].indexOf(row.element);
      row.element.remove();
      this.rows.delete(sku);
    }
    entries.forEach((entry, at) => {
      const key = rowKey(entry);
      let row = this.rows.get(entry.sku);
      if (row?.key !== key) {
        const element = wishlistRow(this.parts.template, entry);
        row?.element.replaceWith(element);
        row = { element, key };
        this.rows.set(entry.sku, row);
      }
      const here = list.children[at];
      if (here !== row.element) list.insertBefore(row.element, here ?? null);
    });
    if (focusLost === null) return;
    // Focus that was in a removed row goes to the row that took its place, or the empty list's link.
    const next = entries[Math.min(focusLost, entries.length - 1)];
    const target = next ? this.rows.get(next.sku)?.element.querySelector('button') : undefined;
    (target ?? this.parts.empty.querySelector('a'))?.focus();
  }

  private clicked(event: MouseEvent): void {
    const target = event.target instanceof Element ? event.target : null;
    const sku = target?.closest<HTMLElement>('[data-sku]')?.dataset['sku'];
    const entry = this.entries().find((candidate) => candidate.sku === sku);
    if (!entry || !target) return;
    if (target.closest('[data-remove]')) void this.run(() => this.remove(entry));
    else if (target.closest('[data-move]')) void this.run(() => this.move([entry], false));
  }

  private async run(work: () => Promise<void>): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.paint();
    try {
      await work();
    } catch (error) {
      notify(problem(error), 'alert');
    } finally {
      this.busy = false;
      this.paint();
    }
  }

  private async remove(entry: WishlistEntry): Promise<void> {
    if (entry.id !== undefined) await removeFromCustomerWishlist(entry.id);
    else $guestWishlist.set($guestWishlist.get().filter((sku) => sku !== entry.sku));
    notify(wishlistTexts.removed(entry.name));
  }

  /** Adds the entries to the basket (`all`: the whole list), then says what was added and what was not. */
  private async move(entries: readonly WishlistEntry[], all: boolean): Promise<void> {
    if (entries.length === 0) return;
    const notMoved: NotMoved[] = [];
    let moved = 0;
    if ($signedIn.get()) {
      const answer = await moveCustomerItemsToBasket(all ? undefined : entries.flatMap((e) => e.id ?? []));
      if (answer.done.length > 0) cartChangedElsewhere();
      moved = answer.done.length;
      measureMoved(entries.filter((entry) => answer.done.includes(entry.sku)));
      for (const failure of answer.failed) {
        const name = entries.find((entry) => entry.sku === failure.sku)?.name ?? failure.sku;
        notMoved.push({ name, reason: failure.message });
      }
    } else {
      // A configurable's child goes in as Magento sells it: its parent with the options chosen.
      const choices = await choicesOf(entries.flatMap((entry) => entry.facts ?? []));
      for (const entry of entries) {
        try {
          const choice = choices.get(entry.sku);
          const about = aboutEntry(entry);
          if (choice) await addToCart(choice.parentSku, 1, choice.options, about);
          else await addToCart(entry.sku, 1, [], about);
          moved++;
          $guestWishlist.set($guestWishlist.get().filter((sku) => sku !== entry.sku));
        } catch (error) {
          if (!refusal(error)) throw error;
          notMoved.push({ name: entry.name, reason: problem(error) });
        }
      }
    }
    this.report(moved, notMoved, all);
  }

  private report(moved: number, notMoved: readonly NotMoved[], all: boolean): void {
    const parts: string[] = [];
    if (moved > 0) parts.push(all ? t.moved(moved) : shellTexts.addedToCart);
    if (notMoved.length > 0)
      parts.push(t.notMoved(notMoved.map(({ name, reason }) => `${name} (${reason})`)));
    if (parts.length > 0) notify(parts.join(' '), notMoved.length > 0 ? 'alert' : 'status');
  }
}

export function initWishlistPage(): void {
  const root = document.querySelector<HTMLElement>('[data-wishlist]');
  const parts = root && findWishlistParts(root);
  if (root && parts) new WishlistPage(root, parts).start();
}
