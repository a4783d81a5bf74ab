/**
 * The texts the basket page's script writes (and the checkout's amounts). Apart from features/shell/browser-texts.ts because that module is in the shell's chunk, which every page loads:
 * these load with the scripts that write them. They belong to strings.ts, which re-exports them, and follow
 * its rules: the spec's texts are marked and kept word for word.
 */
/**
 * The texts the basket page's script writes (the notices after Update and Remove, the totals' placeholder),
 * on their own so that script bundles only these; the rest of the basket's texts are in its server-rendered
 * markup. The spec's are marked.
 */
export const basketTexts = {
  /** Spec: after Update. */
  quantityUpdated: 'Item quantity update successfully!',
  /** Spec: after Remove. */
  removed: 'The item has been removed successfully',
  loading: 'Loading…',
  couponApply: 'Apply',
  couponRemove: 'Remove',
  couponApplied: (code: string) => `Discount code ${code} applied.`,
  couponRemoved: (code: string) => `Discount code ${code} removed.`,
  couponActive: (code: string) => `Discount code ${code}`,
  couponRemoveLabel: (code: string) => `Remove discount code ${code}`,
  couponEmpty: 'Enter a discount code.',
  couponDropped: (code: string) =>
    `The discount code ${code} no longer applies to your basket, so it has been removed.`,
  applying: 'Applying…',
  free: 'Free',
  spendForFreeDelivery: (amount: string) => `Spend ${amount} more for free delivery`,
  /** After a line's unit price: "£22.50 each". */
  each: 'each',
  /** After a unit price Magento lowered for the quantity (a tier price): "£22.50 each (tier price)". */
  tierPrice: '(tier price)',
} as const;
