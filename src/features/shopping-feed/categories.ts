/**
 * Google's product category of each of our categories, as the merchant keeps it in
 * `src/content/google-product-categories.json`: a Google product taxonomy id by our category's path, a
 * category without one taking its parent's. The file's schema is here, beside the lookup; the build checks
 * the file (site/shopping-feed.ts), so a mistake stops it with the field and how to put it right.
 */
import { z } from 'zod';

/** One of our categories' Google product category. */
const googleCategorySchema = z.object({
  /** The id in Google's product taxonomy (taxonomy-with-ids). @example 1226 */
  id: z.number().int("must be a whole number: an id from Google's product taxonomy").positive(),
  /** Google's name of it, for whoever edits the file; the feed gives the id. */
  google: z.string().trim().min(1, "must name the category as Google's taxonomy does").max(750),
});

export const googleCategoriesSchema = z.object({
  $comment: z.string().optional(),
  /** By our category's path (`/home-garden/pressure-washer`). */
  categories: z.record(
    z.string().regex(/^(\/[a-z0-9-]+)+$/, 'must be a category path, e.g. /home-garden/pressure-washer'),
    googleCategorySchema,
  ),
});

export type GoogleCategories = z.infer<typeof googleCategoriesSchema>;

/** The Google product category id of the category at `path`, else of its nearest parent that has one. */
export function googleCategoryOf(path: string, mapping: GoogleCategories): number | null {
  for (let at = path; at.length > 1; at = at.slice(0, at.lastIndexOf('/'))) {
    const found = mapping.categories[at];
    if (found) return found.id;
  }
  return null;
}
