/**
 * Where purchase orders live: the company's pages (pre-rendered, shell-only: one page for every purchase
 * order, `/company/purchase-orders/{uid}`, answered by the view page as `/customer/orders/{number}` is by
 * the order page: src/http/site-paths.ts; Magento's e-mails link there) and the storefront server's routes.
 */
export const PURCHASE_ORDERS_PAGE = '/company/purchase-orders';
export const PURCHASE_ORDER_PAGE = '/company/purchase-orders/view';
export const APPROVAL_RULES_PAGE = '/company/approval-rules';
/** The storefront server's JSON routes (src/server/shopper/purchase-orders.ts). */
export const PURCHASE_ORDERS_API = '/purchase-orders';

/** One purchase order's page; `placed`: it was just placed at the checkout, so the page says so. */
export const purchaseOrderPage = (uid: string, placed = false): string =>
  `${PURCHASE_ORDERS_PAGE}/${encodeURIComponent(uid)}${placed ? '?placed=1' : ''}`;

const UID = /^[A-Za-z0-9+/=_-]{1,64}$/;

/** The path's last segment, decoded; '' when it cannot be. */
function lastSegment(pathname: string): string {
  try {
    return decodeURIComponent(pathname.replace(/\/+$/, '').split('/').at(-1) ?? '');
  } catch {
    return '';
  }
}

/** The uid a purchase order's page names in its address (its path, or `?uid=` on the view page), if any. */
export function uidOfPage(pathname: string, search: string): { uid: string; placed: boolean } | undefined {
  const params = new URLSearchParams(search);
  const placed = params.get('placed') === '1';
  const uid = params.get('uid') ?? lastSegment(pathname);
  return uid !== 'view' && UID.test(uid) ? { uid, placed } : undefined;
}
