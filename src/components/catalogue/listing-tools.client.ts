/**
 * The listing's tools (sort, page size, filters: listing.client.ts) load on first use, so the page's
 * JavaScript before any interaction is the shell's and this loader's. They load when the shopper reaches
 * for them (a pointer over, or focus on, the toolbar, the filters or the pagination, or a first Tab), or at once when the page
 * as opened asks for another view (`?sort=…`, a page size chosen earlier). The plain page links work
 * meanwhile, as with JavaScript off; a choice made while the tools load (a select changed from the
 * keyboard, a button pressed) is made again once they have started, so none is lost.
 */
import { asksForAnotherView } from './listing-per-page.ts';

type Pending = { readonly target: HTMLElement; readonly type: 'change' | 'click' };

/** Where the tools are: not the grid, whose cards' own buttons (wish list, compare) work without them. */
const TOOL_AREAS = '.listing__toolbar, [data-filters], [data-chips], [data-pagination]';

function loadOnFirstUse(root: HTMLElement): void {
  const pending: Pending[] = [];
  let loading = false;
  const keep = (event: Event) => {
    const target = event.target instanceof HTMLElement ? event.target : null;
    if (!target?.closest(TOOL_AREAS)) return;
    if (event.type === 'change') pending.push({ target, type: 'change' });
    const button = event.type === 'click' ? target.closest('button') : null;
    if (button) {
      pending.push({ target: button, type: 'click' });
      event.preventDefault();
    }
  };
  const load = (reached: boolean) => {
    if (loading) return;
    loading = true;
    void import('./listing.client.ts').then(({ initListing }) => {
      initListing(root, { reached });
      root.removeEventListener('change', keep, true);
      root.removeEventListener('click', keep, true);
      for (const { target, type } of pending.splice(0)) {
        if (type === 'click') target.click();
        else target.dispatchEvent(new Event('change', { bubbles: true }));
      }
    });
  };
  if (asksForAnotherView()) return load(false);
  root.addEventListener('change', keep, true);
  root.addEventListener('click', keep, true);
  const reach = () => load(true);
  for (const area of root.querySelectorAll(TOOL_AREAS))
    for (const type of ['pointerover', 'pointerdown', 'focusin'])
      area.addEventListener(type, reach, { once: true, passive: true });
  // A change or a press that came without a pointer or focus first (assistive technology) loads them too.
  root.addEventListener('change', reach, { once: true });
  // A keyboard shopper's first Tab, wherever it starts: the price bands the tools draw are then in place by
  // the time Tab reaches their filter, which would otherwise still be loading and be passed by.
  const tabbed = (event: KeyboardEvent) => {
    if (event.key !== 'Tab') return;
    document.removeEventListener('keydown', tabbed);
    reach();
  };
  document.addEventListener('keydown', tabbed, { passive: true });
}

const root = document.querySelector<HTMLElement>('[data-listing]');
if (root) loadOnFirstUse(root);
