/**
 * The quick order page's texts, its markup's and its script's (apart from features/shell/browser-texts.ts, the chunk
 * every page's shell loads: these are for one page only), in two objects so the script carries only its
 * own. Headings and labels are ours; the stock words are the product page's (spec).
 */
import { productTexts } from '../compare/index.ts';

/** The page's path (a reserved first segment: site/product-view.ts). */
export const QUICK_ORDER_PATH = '/quick-order';

/** What only the pre-rendered markup says (and the basket's and the menu's links to the page). */
export const quickOrderPageTexts = {
  pageTitle: 'Quick order',
  description:
    'Order by SKU or model number: type or paste your lines and add them all to the basket at once.',
  intro:
    'Type a SKU or model number and a quantity on each row, or paste lines from a spreadsheet or a CSV file (code, then quantity; a line without a quantity orders 1).',
  noScript:
    'Quick order needs JavaScript. Without it, find each product with the search and add it to the basket from its page.',
  codeHeading: 'SKU or model number',
  qtyHeading: 'Quantity',
  productHeading: 'Product',
  addRow: 'Add a row',
  summaryTitle: 'What happened to your rows',
  toBasket: 'Go to the basket',
  /** The menu's and the basket's link to the page. */
  menuLink: 'Quick order',
  basketLink: 'Quick order: order by SKU or model number',
} as const;

/** What the page's script says, and the markup too where it draws the same rows. */
export const quickOrderTexts = {
  codeLabel: (row: number) => `SKU or model number, row ${row}`,
  qtyLabel: (row: number) => `Quantity, row ${row}`,
  /** A size picker's label after its visible name ("Volume"): it is read "Volume, row 3". */
  choiceRow: (row: number) => `, row ${row}`,
  remove: (row: number) => `Remove row ${row}`,
  removeShort: 'Remove',
  addAll: 'Add all to basket',
  adding: 'Adding…',
  looking: 'Looking it up…',
  inStock: productTexts.inStock,
  soldOut: 'Sold out: this product cannot be ordered at the moment.',
  unknown: 'No product has this SKU or model number.',
  failed:
    "This row can't be looked up right now. Please check your connection; it is tried again as you type.",
  badQuantity: 'Enter a quantity of 1 or more, in whole numbers.',
  noCode: 'Enter a SKU or model number.',
  choose: (label: string) => `Choose a ${label.toLowerCase()}.`,
  soldOutValue: (label: string) => `${label} (sold out)`,
  chooseOption: 'Choose…',
  model: (model: string) => `Model ${model}`,
  /** After a tier price: the quantity it is for ("£37.99 each incl VAT (4 or more)"). */
  tierQty: (qty: number) => `(${qty} or more)`,
  nothingToAdd: 'There is nothing to add yet: enter a SKU or model number on a row.',
  tooManyLines: (max: number) => `Only the first ${max} rows were kept: order the rest in a second go.`,
  added: (qty: number, name: string) => `Added ${qty} × ${name}.`,
  notAdded: (code: string, reason: string) => `Not added: ${code || 'empty row'}. ${reason}`,
  allAdded: (count: number) =>
    count === 1 ? 'The row was added to your basket.' : `All ${count} rows were added to your basket.`,
  someAdded: (added: number, left: number) =>
    `${added} ${added === 1 ? 'row was' : 'rows were'} added to your basket; ${left} ${left === 1 ? 'row was' : 'rows were'} not, and ${left === 1 ? 'stays' : 'stay'} below.`,
  noneAdded: 'Nothing was added to your basket: see each row below.',
} as const;
