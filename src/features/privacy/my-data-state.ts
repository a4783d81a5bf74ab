/**
 * The "Your data and privacy" page's calls (issue 41): the export the storefront server gathers, with
 * what this browser keeps for the shop added, as a JSON file the browser assembles itself (a Blob the page
 * saves, ui/forms/save-file.ts: no inline script, nothing but same-origin calls, as the CSP wants);
 * and the account's deletion, after which this browser forgets what it kept for the customer. Browser
 * only: nothing runs at import.
 */
import { forgetTrade } from '../trade/index.ts';
import { z } from '../../magento/wire/zod.ts';
import { forgetCart } from '../cart/index.ts';
import { $compare, COMPARE_KEY } from '../compare/index.ts';
import { MY_MACHINES_KEY, writeGuestMachines } from '../my-machines/index.ts';
import { RECENTLY_VIEWED_KEY, $recentlyViewed } from '../recently-viewed/index.ts';
import { shopFetch } from '../../shop-api/shop-api.ts';
import { VAT_KEY } from '../vat/index.ts';
import { forgetCustomerWishlist, WISHLIST_KEY, $guestWishlist } from '../wishlist/index.ts';
import { asCustomer, $login } from '../account/index.ts';
import { CONSENT_KEY, PRIVACY_KEY } from '../consent/index.ts';
import { MEASURED_KEY, PENDING_KEY } from '../analytics/index.ts';
import { browserPart, DELETE_ACCOUNT_PATH, exportFileName, MY_DATA_PATH } from './my-data.ts';

/**
 * The keys this browser keeps for the shop that say something about the shopper: their cookie choices,
 * the compare list, the guest wish list and machines, the products viewed last, the VAT display chosen, and the orders
 * measured (features/analytics/purchase.ts).
 */
export const BROWSER_KEYS = [
  CONSENT_KEY,
  PRIVACY_KEY,
  COMPARE_KEY,
  WISHLIST_KEY,
  MY_MACHINES_KEY,
  RECENTLY_VIEWED_KEY,
  VAT_KEY,
  PENDING_KEY,
  MEASURED_KEY,
] as const;

/** The export as the server answers it: checked for its parts, kept whole (every field goes in the file). */
const myDataReply = z
  .object({
    exportedAt: z.string(),
    shop: z.string(),
    account: z.record(z.string(), z.unknown()),
    orders: z.array(z.unknown()),
    wishlist: z.array(z.unknown()),
    shopRecords: z.record(z.string(), z.unknown()),
  })
  .loose();

const deletedReply = z.object({ deleted: z.literal(true) });

/** localStorage read tolerantly: unavailable storage (private mode, blocked) holds nothing. */
function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Fetches the customer's data and adds this browser's, as one JSON file for the page to save. */
export async function myDataFile(): Promise<{ name: string; blob: Blob }> {
  const data = await asCustomer(() => shopFetch(MY_DATA_PATH, { schema: myDataReply }));
  const whole = { ...data, browser: browserPart(BROWSER_KEYS, readStored) };
  const name = exportFileName(data.shop, data.exportedAt);
  const text = `${JSON.stringify(whole, null, 2)}\n`;
  return { name, blob: new Blob([text], { type: 'application/json' }) };
}

/** What this browser kept for the customer whose account is gone; the cookie choice and VAT display stay. */
function forgetCustomer(): void {
  $login.set('');
  forgetTrade();
  forgetCart();
  forgetCustomerWishlist();
  $guestWishlist.set([]);
  writeGuestMachines([]);
  $compare.set([]);
  $recentlyViewed.set([]);
}

/** Deletes the signed-in customer's account (the password given again), then forgets them here. */
export async function deleteMyAccount(password: string): Promise<void> {
  await asCustomer(() =>
    shopFetch(DELETE_ACCOUNT_PATH, { method: 'POST', body: { password }, schema: deletedReply }),
  );
  forgetCustomer();
}
