/**
 * The /wishlist page's script's texts. Apart from features/shell/browser-texts.ts because that module is in the shell's chunk, which every page loads:
 * these load with the scripts that write them. They belong to strings.ts, which re-exports them, and follow
 * its rules: the spec's texts are marked and kept word for word.
 */
/**
 * The /wishlist page's script's texts: its notices (the rows' texts are in its server-rendered markup).
 */
export const wishlistPageTexts = {
  moved: (n: number) =>
    n === 1 ? '1 product was added to your basket.' : `${n} products were added to your basket.`,
  notMoved: (names: readonly string[]) => `Not available, so still in your wish list: ${names.join(', ')}.`,
  gone: (n: number) =>
    n === 1
      ? '1 product in your wish list is no longer sold, so it has been removed.'
      : `${n} products in your wish list are no longer sold, so they have been removed.`,
  unavailableNow: "Your wish list can't be shown right now. Please try again.",
} as const;
