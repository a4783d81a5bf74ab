/** Where requisition lists live in the shop: My requisition lists, and the page that asks which list. */
export const REQUISITION_LISTS_PAGE = '/customer/requisition-lists';
export const ADD_TO_LIST_PAGE = `${REQUISITION_LISTS_PAGE}/add`;

/** A line the add page puts on a list. */
export interface LineToAdd {
  readonly sku: string;
  readonly quantity: number;
}

/** A plain link (no script) to the page that asks which list `sku` × `qty` goes on. */
export const addToListLink = (sku: string, qty = 1): string =>
  `${ADD_TO_LIST_PAGE}?${new URLSearchParams({ sku, qty: String(qty) }).toString()}`;

/** The add page for several lines at once (a past order's), and where "Back" then goes. */
export function addLinesLink(lines: readonly LineToAdd[], back?: string): string {
  const query = new URLSearchParams();
  for (const line of lines) {
    query.append('sku', line.sku);
    query.append('qty', String(line.quantity));
  }
  if (back !== undefined) query.set('back', back);
  return `${ADD_TO_LIST_PAGE}?${query.toString()}`;
}

/** The add page for every line of the basket: the page reads the basket itself, so the link stays plain. */
export const BASKET_TO_LIST_LINK = `${ADD_TO_LIST_PAGE}?from=basket`;

/** What the add page's address asks for: the basket's lines, or the lines it names (at most 100). */
export type AddRequest =
  | { readonly kind: 'basket' }
  | { readonly kind: 'lines'; readonly lines: readonly LineToAdd[]; readonly back: string | null }
  | { readonly kind: 'nothing' };

// A back link goes only to the shop's own order pages, never another site (an open redirect).
const SAFE_BACK = /^\/customer\/orders\/[\w%-]{1,100}$/;

export function readAddRequest(search: string): AddRequest {
  const query = new URLSearchParams(search);
  if (query.get('from') === 'basket') return { kind: 'basket' };
  const quantities = query.getAll('qty');
  const lines = query
    .getAll('sku')
    .slice(0, 100)
    .flatMap((sku, index) => {
      const quantity = Number(quantities[index] ?? '1');
      const fine = sku.trim() !== '' && sku.length <= 64 && Number.isFinite(quantity) && quantity > 0;
      return fine ? [{ sku, quantity: Math.min(quantity, 100000) }] : [];
    });
  if (lines.length === 0) return { kind: 'nothing' };
  const back = query.get('back');
  return { kind: 'lines', lines, back: back !== null && SAFE_BACK.test(back) ? back : null };
}
