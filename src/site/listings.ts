/**
 * Which category listings exist and what each shows: one per accepted code of each audience (spec §2,
 * §5), plus one per third-level category under those, at the category's own path. A code Magento has no
 * category for still gets its (empty) listing; unknown codes get none, so the storefront server answers
 * them with its category-not-found page.
 */
import { AUDIENCE_NAMES, LISTING_CODES } from '../catalogue/categories.ts';
import type { Crumb } from './seo.ts';
import { strings } from '../strings.ts';
import type { CatalogueIndex } from '../catalogue/snapshot.ts';
import type { Audience, CategoryNode } from '../catalogue/types.ts';

export interface ParentLink {
  name: string;
  path: string;
  code: string;
}

export interface Listing {
  audience: Audience;
  /** Root-relative path, e.g. `/home-garden/window-vac/wv-black-edition`. */
  path: string;
  /** The URL code of this listing (its last path segment). */
  code: string;
  /** Magento's category, or null when Magento has none for an accepted code. */
  categoryId: number | null;
  name: string;
  /** The second-level listing above a third-level one. */
  parent: ParentLink | null;
  /** Third-level categories under this listing, for its sub-category links. */
  children: { name: string; path: string }[];
  /**
   * The machine model whose accessories, detergents and parts a parts page lists (`/parts-finder/{slug}`): its
   * name ("K 5"), key (catalogue/fits.ts) and its machines with their pages, which head the page; null for a
   * category listing.
   */
  model: { name: string; key: string; machines: { name: string; href: string }[] } | null;
}

/** `wet-dry-vacuum-cleaners` → `Wet dry vacuum cleaners`: the heading when Magento has no category. */
export const nameFromCode = (code: string): string => {
  const words = code.replace(/-+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const link = (node: CategoryNode) => ({ name: node.name, path: node.path });

/** The second-level listings of an audience, in the spec's order of codes. */
export function categoryListings(index: Pick<CatalogueIndex, 'categoryOf'>, audience: Audience): Listing[] {
  return LISTING_CODES[audience].map((code) => {
    const category = index.categoryOf(audience, code);
    return {
      audience,
      path: `/${audience}/${code}`,
      code,
      categoryId: category?.id ?? null,
      name: category?.name ?? nameFromCode(code),
      parent: null,
      children: category?.children.map(link) ?? [],
      model: null,
    };
  });
}

/** The third-level listings of an audience: children of its accepted second-level categories. */
export function subcategoryListings(
  index: Pick<CatalogueIndex, 'categoryOf'>,
  audience: Audience,
): (Listing & { parent: ParentLink })[] {
  return LISTING_CODES[audience].flatMap((code) => {
    const parent = index.categoryOf(audience, code);
    if (!parent) return [];
    return parent.children
      .filter((child) => child.path === `${parent.path}/${child.code}`)
      .map((child) => ({
        audience,
        path: child.path,
        code: child.code,
        categoryId: child.id,
        name: child.name,
        parent: { name: parent.name, path: parent.path, code: parent.code },
        children: [],
        model: null,
      }));
  });
}

/** The two audiences, in menu order; each has a landing and listings under `/{audience}`. */
export const AUDIENCES: readonly Audience[] = ['home-garden', 'professional'];

/** Every listing of both audiences, second level first. */
export const allListings = (index: Pick<CatalogueIndex, 'categoryOf'>): Listing[] =>
  AUDIENCES.flatMap((audience) => [
    ...categoryListings(index, audience),
    ...subcategoryListings(index, audience),
  ]);

/** Home > {Audience} > [{Parent} >] {Category}. */
export const listingTrail = (listing: Listing): Crumb[] => [
  { name: strings.shell.breadcrumb.home, href: '/' },
  { name: AUDIENCE_NAMES[listing.audience], href: `/${listing.audience}` },
  ...(listing.parent ? [{ name: listing.parent.name, href: listing.parent.path }] : []),
  { name: listing.name, href: listing.path },
];
