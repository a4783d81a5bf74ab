/**
 * /review-data/{url key}.json: every approved review of a product whose page does not show them all,
 * newest first, for the page's "Show more" and sorting (review-list.client.ts). Rewritten exactly when the
 * product's reviews change (its fingerprint is the hash of its text: site/data-files.ts).
 */
import type { GetStaticPaths } from 'astro';
import { REVIEWS_SHOWN } from '../../site/review-section.ts';
import { dataFile, dataFilesToRender, serveDataFile } from '../../site/data-files.ts';
import { getCatalogue } from '../../site/catalogue.ts';

export const getStaticPaths = (() => {
  const more = getCatalogue().pages.filter((product) => product.reviews.length > REVIEWS_SHOWN);
  return dataFilesToRender(more).map((product) => dataFile({ product: product.urlKey }, product.reviews));
}) satisfies GetStaticPaths;

export const GET = serveDataFile;
