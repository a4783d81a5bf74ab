/**
 * Where a grid of mentioned products (ProductGrid.astro) has the browser read their prices and stock: the
 * facts files (`/product-data/`), or one machine model's fit file (`/fit-data/model-{slug}.json`), which
 * holds every part that fits it, or names the files of 200 that do (`loadModelParts` reads either). Written
 * into the grid's `data-mentions` by the page and read back by its script, here both ways.
 */
export type MentionSource = { kind: 'facts' } | { kind: 'model'; slug: string };

const MODEL = 'model:';

export const mentionsValue = (source: MentionSource): string =>
  source.kind === 'facts' ? 'facts' : `${MODEL}${source.slug}`;

export function readMentions(value: string | undefined): MentionSource | undefined {
  if (value === 'facts') return { kind: 'facts' };
  if (value?.startsWith(MODEL)) return { kind: 'model', slug: value.slice(MODEL.length) };
  return undefined;
}
