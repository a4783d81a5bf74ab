/**
 * A rating as shoppers read it: Magento's `rating_summary` (0–100 %) as stars out of five to one decimal.
 * A card says it ("Rated 4.2 out of 5", browser-strings.ts `starsOf`) and the listing's "4 stars & up"
 * compares it, so a product whose card reads "Rated 4 out of 5" is among the 4 stars and up.
 */
export const starsOutOfFive = (percent: number): number => Math.round(percent / 2) / 10;
