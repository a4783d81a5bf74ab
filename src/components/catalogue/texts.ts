/**
 * Texts of the catalogue pages that the spec leaves open (its fixed texts are in `src/strings.ts`).
 * Kept together so a copy editor finds them; they could join `strings.ts` later.
 */
export const catalogueTexts = {
  breadcrumb: 'Breadcrumb',
  subcategories: 'Browse by type',
  products: 'Products',
  gallery: 'Product images',
  chooseImage: 'Choose an image',
  noImage: 'No image available',
  description: 'Description',
  documentation: 'Documentation',
  opensInNewTab: '(opens in a new tab)',
  quantity: 'Quantity',
  addToCart: 'Add to cart',
  addToWishList: 'Add to wish list',
  addToCompare: 'Add to compare',
  orderByPhone: 'Order by phone:',
  infoBox: 'Why buy from us',
} as const;
