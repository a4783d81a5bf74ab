/**
 * What the header menus show, as plain data built once per build from the catalogue tree: one mega menu
 * per audience (a tile per child category of the catalogue tree, leading to its listing: categories.ts;
 * the build's link check refuses a tile that leads nowhere, beside the audience's other destinations, the
 * parts finder among them) and the fixed Services and Hire menus.
 */
import { AUDIENCE_NAMES, LISTING_CODES } from '../catalogue/categories.ts';
import type { CatalogueIndex } from '../catalogue/snapshot.ts';
import type { Audience, CategoryNode, ProductImage } from '../catalogue/types.ts';
import { fitTexts, PARTS_FINDER_PATH } from '../features/fits/index.ts';
import { tradeAccountTexts } from '../features/trade/index.ts';
import { TRADE_APPLICATION_PAGE } from '../shop-api/navigation.ts';

export interface MenuLink {
  label: string;
  href: string;
}

export interface CategoryTile {
  code: string;
  name: string;
  href: string;
  /** A picture of a product of the category (or of a sub-category), or null for the placeholder. */
  image: ProductImage | null;
}

export interface AudienceMenu {
  audience: Audience;
  label: string;
  /** The audience's landing page, also where the menu leads without JavaScript. */
  href: string;
  tiles: CategoryTile[];
  /** Other destinations of the audience, beside the tiles. */
  more: readonly MenuLink[];
}

/** The id of the header's one `<nav>`: the desktop bar, and the burger's panel on phones. */
export const MAIN_MENU_ID = 'main-menu';

export const SERVICES_MENU: readonly MenuLink[] = [
  { label: 'Industry solutions', href: '/services/industry-solutions' },
  { label: 'Food industry', href: '/services/industry-solutions/food-industry' },
  { label: 'Professional services', href: '/services/professional' },
  { label: 'Support', href: '/services/support' },
  { label: 'Contact us', href: '/services/support/contact' },
  { label: 'Online shop support', href: '/services/online-shop-support' },
  { label: 'Guarantee', href: '/services/online-shop-support/guarantee' },
  { label: 'Product guarantee', href: '/services/support/online-shop-support/product-guarantee' },
  { label: 'How-to guides', href: '/services/support/online-shop-support/how-to-guides' },
];

export const HIRE_MENU: readonly MenuLink[] = [
  { label: 'Machine hire', href: '/hire' },
  { label: 'Hire enquiries', href: '/services/support/contact' },
];

/** From a machine to everything that fits it: in both audiences' menus and the footer's help. */
export const PARTS_FINDER_LINK: MenuLink = { label: fitTexts.partsFinder, href: PARTS_FINDER_PATH };

const MORE_LINKS: Readonly<Record<Audience, readonly MenuLink[]>> = {
  'home-garden': [
    { label: 'Best deals', href: '/best-deals' },
    PARTS_FINDER_LINK,
    { label: 'Register & review', href: '/register-review' },
  ],
  professional: [
    { label: 'Cleaning & hygiene', href: '/cleaning-hygiene' },
    { label: 'Industry solutions', href: '/services/industry-solutions' },
    { label: 'Quick order', href: '/quick-order' },
    PARTS_FINDER_LINK,
    { label: tradeAccountTexts.menuLink, href: TRADE_APPLICATION_PAGE },
  ],
};

/** The first picture (by product name) of the category's own products, else of its sub-categories'. */
export function categoryImage(
  node: CategoryNode,
  byCategory: CatalogueIndex['byCategory'],
): ProductImage | null {
  const own = byCategory.get(node.id)?.find((product) => product.thumbnail !== null);
  if (own?.thumbnail) return own.thumbnail;
  for (const child of node.children) {
    const image = categoryImage(child, byCategory);
    if (image) return image;
  }
  return null;
}

export const byPosition = (a: CategoryNode, b: CategoryNode): number => a.position - b.position;

/**
 * A tile per child category of an audience that has a listing (LISTING_CODES), in Magento's order. A
 * category an editor adds in Magento has no listing until its code is added there, so it gets no tile: a
 * tile leading to Not Found would fail every build's link check.
 */
export function categoryTiles(root: CategoryNode, byCategory: CatalogueIndex['byCategory']): CategoryTile[] {
  const listed = new Set(LISTING_CODES[root.audience]);
  const children = root.children.filter((child) => listed.has(child.code));
  return children.sort(byPosition).map((child) => ({
    code: child.code,
    name: child.name,
    href: child.path,
    image: categoryImage(child, byCategory),
  }));
}

/** The menus of each catalogue index: every page's header asks for them (0.4 s of 10,000 pages' render). */
const menusOf = new WeakMap<CatalogueIndex['byCategory'], AudienceMenu[]>();

/** The audiences' menus, worked out once per catalogue (its `byCategory` index). */
export function audienceMenus(index: Pick<CatalogueIndex, 'catalogue' | 'byCategory'>): AudienceMenu[] {
  const known = menusOf.get(index.byCategory);
  if (known) return known;
  const menus = buildMenus(index);
  menusOf.set(index.byCategory, menus);
  return menus;
}

function buildMenus(index: Pick<CatalogueIndex, 'catalogue' | 'byCategory'>): AudienceMenu[] {
  return (['home-garden', 'professional'] as const).map((audience) => {
    const root = index.catalogue.audiences[audience];
    return {
      audience,
      label: AUDIENCE_NAMES[audience],
      href: root.path,
      tiles: categoryTiles(root, index.byCategory),
      more: MORE_LINKS[audience],
    };
  });
}
