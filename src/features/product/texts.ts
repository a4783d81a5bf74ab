/**
 * The product page's texts: the spec's (stock, specifications, the connected products' headings) and ours
 * (the gallery, documents, the purchase panel, reviews' headings, delivery and returns). What its scripts
 * write is in variant-texts.ts (the option picker, quantity prices) and src/delivery/texts.ts (the delivery
 * estimate), each loaded with its script. Gathered by src/strings.ts; the spec's texts are word for word.
 */
import { productTexts } from '../compare/index.ts';
import { listingTexts } from '../listing/index.ts';
import { ratingTexts } from '../reviews/index.ts';
import { productToolTexts, shellTexts } from '../shell/index.ts';

/** The spec's fixed texts of this feature, word for word (src/strings.ts `spec`). */
export const productSpec = {
  product: {
    inStock: productTexts.inStock,
    unavailable: productTexts.unavailable,
    model: (code: string) => `Model ${code}`,
    inclVat: listingTexts.inclVat,
    exclVat: listingTexts.exclVat,
    specifications: 'Specifications',
    technicalData: 'Technical data',
    equipment: 'Equipment',
    applications: 'Applications',
    detergents: 'Detergents',
    accessories: 'Accessories',
    related: 'Related Products',
    addedToCart: shellTexts.addedToCart,
  },
} as const;

/** The texts of this feature that the spec leaves to us (src/strings.ts `ours`). */
export const productOurs = {
  /** Catalogue pages: listings and product pages. */
  catalogue: {
    subcategories: 'Browse by type',
    products: 'Products',
    gallery: 'Product images',
    chooseImage: 'Choose an image',
    noImage: 'No image available',
    description: 'Description',
    documentation: 'Documentation',
    opensInNewTab: '(opens in a new tab)',
    addToCart: productTexts.addToCart,
    addToWishList: productToolTexts.addToWishList,
    addToCompare: productToolTexts.addToCompare,
    orderByPhone: 'Order by phone:',
    infoBox: 'Why buy from us',
    /** The section of the products viewed last, on product pages and the basket. */
    recentlyViewed: 'Recently viewed',
    /** The product page's reviews (ReviewsSection.astro). */
    reviews: 'Reviews',
    averageRating: (stars: string) => `${stars} out of 5`,
    basedOn: (n: number) => `Based on ${ratingTexts.reviews(n)}`,
    starsSpread: 'How the reviews rate it',
    starsRow: (stars: number) => (stars === 1 ? '1 star' : `${stars} stars`),
    ratingAverages: 'Average ratings',
    noReviews: 'No reviews yet.',
  },
  /**
   * Delivery and returns on the product page, with the figures of src/content/delivery.json; the days its
   * script writes are `deliveryTexts`.
   */
  delivery: {
    free: 'Free UK delivery',
    estimate: 'Estimated delivery:',
    orderBy: (time: string) => `(order by ${time})`,
    returns: (days: number) => `Free returns within ${days} days`,
  },
} as const;
