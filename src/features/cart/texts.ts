/**
 * The basket's texts: the spec's (its columns, buttons and notices) and the discount code field. What the
 * basket's script writes is in browser-texts.ts, loaded with it. Gathered by src/strings.ts; the spec's
 * texts are kept word for word.
 */
import { basketTexts } from './browser-texts.ts';

/** The spec's fixed texts of this feature, word for word (src/strings.ts `spec`). */
export const cartSpec = {
  basket: {
    totalForItem: 'Total for this item',
    update: 'Update',
    remove: 'Remove',
    totalShipping: 'Total shipping cost',
    total: 'Total',
    empty: 'Your cart is empty',
    quantityUpdated: basketTexts.quantityUpdated,
    removed: basketTexts.removed,
    return: 'Return',
    confirm: 'Confirm',
  },
} as const;

/** The texts of this feature that the spec leaves to us (src/strings.ts `ours`). */
export const cartOurs = {
  /** The basket's discount code field (Magento's coupons); its notices are basketTexts'. */
  coupon: {
    label: 'Discount code',
    apply: basketTexts.couponApply,
    remove: basketTexts.couponRemove,
  },
} as const;
