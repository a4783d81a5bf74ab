/**
 * The simple content pages behind the menus (spec §2 "links to other destinations"): one Markdown file
 * each in `src/content/pages`, with this frontmatter.
 */
import { z } from 'zod';

const contentPath = z
  .string()
  .regex(
    /^\/[a-z0-9-]+(\/[a-z0-9-]+)*$/,
    'must be the page\'s path: lower-case words joined by "-" and "/", starting with "/", e.g. /services/support',
  );

export const contentPageSchema = z.object({
  /** Where the page lives. @example "/services/support/contact" */
  path: contentPath,
  /** The page heading and document title. */
  title: z.string().min(1).max(70),
  /** The search-result snippet. */
  description: z.string().min(1).max(160),
  /** Where to go next, shown after the text. */
  links: z
    .array(
      z.object({
        label: z.string().min(1),
        href: z.string().regex(/^(\/|mailto:|tel:)/, 'must be a path on this shop, a mailto: or a tel: link'),
      }),
    )
    .default([]),
  /** A list from the catalogue the page shows after its text: `manuals`, each machine model's documents (How-to guides). */
  lists: z.enum(['manuals']).optional(),
  /** Breadcrumb parents between Home and the page. */
  parents: z.array(z.object({ name: z.string().min(1), href: contentPath })).default([]),
});
export type ContentPage = z.infer<typeof contentPageSchema>;

/** Paths the catalogue, the landings or other routes own: a content page there would hide them. */
const RESERVED =
  /^\/(home-garden|professional|customer|search|basket|wishlist|privacy-policy|paid|failed-payment|services\/book|accessibility)(\/|$)/;

/** Fails when two files claim one path or a file claims a path another route owns. */
export function checkPaths(pages: readonly { file: string; data: Pick<ContentPage, 'path'> }[]): void {
  const seen = new Map<string, string>();
  for (const { file, data } of pages) {
    if (RESERVED.test(data.path)) {
      throw new Error(
        `${file}: the path ${data.path} belongs to another part of the shop; choose another path.`,
      );
    }
    const other = seen.get(data.path);
    if (other)
      throw new Error(`${file} and ${other} both use the path ${data.path}; give each page its own path.`);
    seen.set(data.path, file);
  }
}
