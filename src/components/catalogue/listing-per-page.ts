/**
 * The page size a shopper chose on a listing, kept for the session (every listing), and whether the page
 * as opened asks for a view other than its pre-rendered one. Small on purpose: the listing's loader
 * (listing-tools.client.ts) reads it before the tools are loaded.
 */
import { DEFAULT_PAGE_SIZE, isPageSize } from '../../features/listing/index.ts';

const PER_PAGE_KEY = 'listing:per-page';

export function storedPerPage(): number {
  try {
    const stored = Number(sessionStorage.getItem(PER_PAGE_KEY));
    return isPageSize(stored) ? stored : DEFAULT_PAGE_SIZE;
  } catch {
    return DEFAULT_PAGE_SIZE;
  }
}

export function storePerPage(perPage: number): void {
  try {
    sessionStorage.setItem(PER_PAGE_KEY, String(perPage));
  } catch {
    // Storage refused (private mode, quota): the choice lasts for this page only.
  }
}

/** A sort, filters or page in the URL, or a page size chosen earlier: the tools must redraw at once. */
export const asksForAnotherView = (): boolean =>
  location.search !== '' || storedPerPage() !== DEFAULT_PAGE_SIZE;
