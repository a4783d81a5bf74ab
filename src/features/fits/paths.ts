/**
 * The paths of "fits my machine" that pages and scripts link to, in a module of their own: the header's
 * search suggestions link the parts pages and the parts finder without loading the finder's texts
 * (features/fits/texts.ts) or its form (components/fits/finder-form.ts).
 */

/** Where the parts finder lives; a model's parts page is `{PARTS_FINDER_PATH}/{slug}`. */
export const PARTS_FINDER_PATH = '/parts-finder';
/** A model's parts page, by its slug (catalogue/fits.ts `modelSlug`): `/parts-finder/k-5`. */
export const partsPagePath = (slug: string): string => `${PARTS_FINDER_PATH}/${slug}`;
/** Where the storefront server answers the finder's form (`?q=`): the parts page of what was typed. */
export const PARTS_FINDER_ANSWER = `${PARTS_FINDER_PATH}/find`;
