/**
 * The texts of a configurable product's option picker and of quantity prices, which the product page's
 * browser code writes too (so they live apart from strings.ts, which that code must not load).
 */
export const variantTexts = {
  /** Before a configurable product's card price, the cheapest of its children's: "from £9.99". */
  from: 'from',
  /** A configurable product's card, instead of add to cart: its page is where a size is chosen. */
  chooseOptions: 'Choose options',
  /** Issue 25, word for word: a tier price line. */
  tier: (qty: number, price: string, percent: number) =>
    `Buy ${qty} or more: ${price} each (save ${percent} %)`,
  /** After a value whose variant is sold out: "5 l – sold out". */
  soldOut: '– sold out',
  /** Caption of the table that lists every variant (shown without JavaScript). */
  allVersions: 'All versions',
  price: 'Price',
  stock: 'Stock',
  model: 'Model',
  /** The table's last column, and each in-stock row's link there: "Add 5 l to basket". */
  buy: 'Buy',
  addToBasket: (values: string) => `Add ${values} to basket`,
  /** Where a variant has no model number. */
  none: '–',
} as const;
