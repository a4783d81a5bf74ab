/**
 * Every text the shopper reads, gathered from the features' texts modules for the server, the build, the
 * islands and the tests. Each feature keeps its texts in `src/features/<x>/texts.ts`, and what one of its
 * browser scripts writes in a `*-texts.ts` module beside it, which that script imports directly, so each
 * chunk carries only its own texts (features/shell/browser-texts.ts is the one chunk every page loads).
 * Every export of every texts module is re-exported here (tests/unit/strings.test.ts checks none is
 * missing), and two sections gather the features' parts: `spec` holds the texts the spec fixes, word for
 * word (do not "improve" them: tests and the spec compare them exactly); `ours` holds the texts the spec
 * leaves to us (DESIGN.md §3). `strings` is both at once, which is what code imports. `{provider}`,
 * `{phone}`, `{email}` and the address are configuration (src/config/env.ts).
 */
import { accountOurs, accountSpec } from './features/account/texts.ts';
import { cartOurs, cartSpec } from './features/cart/texts.ts';
import { checkoutOurs, checkoutSpec } from './features/checkout/texts.ts';
import { compareOurs } from './features/compare/texts.ts';
import { listingSpec } from './features/listing/texts.ts';
import { ordersOurs } from './features/orders/texts.ts';
import { privacyOurs, privacySpec } from './features/privacy/texts.ts';
import { productOurs, productSpec } from './features/product/texts.ts';
import { returnsOurs } from './features/returns/texts.ts';
import { reviewsOurs } from './features/reviews/form-texts.ts';
import { searchOurs, searchSpec } from './features/search/texts.ts';
import { shellOurs, shellSpec } from './features/shell/texts.ts';
import { wishlistOurs } from './features/wishlist/texts.ts';

export * from './features/accessibility/texts.ts';
export * from './features/account/texts.ts';
export * from './features/cart/browser-texts.ts';
export * from './features/cart/texts.ts';
export * from './features/checkout/pay-in-3-texts.ts';
export * from './features/checkout/texts.ts';
export * from './features/collect/after-texts.ts';
export * from './features/collect/browser-texts.ts';
export * from './features/collect/texts.ts';
export * from './features/alerts/texts.ts';
export * from './features/company/texts.ts';
export * from './features/quotes/texts.ts';
export * from './features/requisition-lists/texts.ts';
export * from './features/compare/browser-texts.ts';
export * from './features/compare/texts.ts';
export * from './features/fits/search-texts.ts';
export * from './features/fits/texts.ts';
export * from './features/listing/browser-texts.ts';
export * from './features/guarantee/texts.ts';
export * from './features/listing/texts.ts';
export * from './features/my-machines/texts.ts';
export * from './features/orders/texts.ts';
export * from './features/privacy/texts.ts';
export * from './features/purchase-orders/texts.ts';
export * from './delivery/texts.ts';
export * from './features/product/texts.ts';
export * from './features/product/variant-texts.ts';
export * from './features/quick-order/texts.ts';
export * from './features/returns/texts.ts';
export * from './features/reviews/form-texts.ts';
export * from './features/reviews/texts.ts';
export * from './features/search/browser-texts.ts';
export * from './features/search/texts.ts';
export * from './features/service-booking/texts.ts';
export * from './features/shell/browser-texts.ts';
export * from './features/shell/slideshow-texts.ts';
export * from './features/shell/texts.ts';
export * from './features/trade/account-texts.ts';
export * from './features/trade/price-texts.ts';
export * from './features/trade/texts.ts';
export * from './features/wishlist/browser-texts.ts';
export * from './features/wishlist/texts.ts';

/** The spec's fixed texts, word for word. */
export const spec = {
  ...shellSpec,
  ...listingSpec,
  ...productSpec,
  ...searchSpec,
  ...accountSpec,
  ...cartSpec,
  ...checkoutSpec,
  ...privacySpec,
} as const;

/** Texts the spec leaves to us. */
export const ours = {
  ...accountOurs,
  ...cartOurs,
  ...checkoutOurs,
  ...shellOurs,
  ...productOurs,
  ...ordersOurs,
  ...wishlistOurs,
  ...searchOurs,
  ...compareOurs,
  ...reviewsOurs,
  ...returnsOurs,
  ...privacyOurs,
} as const;

/** Every text: the spec's and ours (their top-level keys do not overlap). */
export const strings = { ...spec, ...ours } as const;
