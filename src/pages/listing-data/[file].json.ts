/**
 * /listing-data/{category id}.json: each category's filter index (a parts page's: `fits-{model slug}.json`) (features/listing/listing-index.ts),
 * revalidated like the pages that name it and purged from the CDN when it changes (listing-pages.ts says
 * why its name carries no hash). Malformed filterable values are reported here, once per build, like the
 * catalogue's other data faults.
 */
import type { GetStaticPaths } from 'astro';
import { allListingData, listingValueProblems, valueProblemLines } from '../../site/listing-pages.ts';
import { catalogueRoutes } from '../../site/routes.ts';
import { getCatalogue } from '../../site/catalogue.ts';
import { dataFile, dataFilesPlanned, serveDataFile } from '../../site/data-files.ts';

export const getStaticPaths = (() => {
  // Planned once a run (the first slice of a whole build): so the faults are reported once a run too.
  if (!dataFilesPlanned()) return [];
  const catalogue = getCatalogue();
  const { hrefBySku } = catalogueRoutes(catalogue);
  for (const line of valueProblemLines(listingValueProblems(catalogue, hrefBySku))) console.warn(line);
  const files = new Map(
    allListingData(catalogue, hrefBySku)
      .filter(({ listing }) => listing.categoryId !== null || listing.model !== null)
      .map((data) => [data.url, data.index]),
  );
  return [...files].map(([url, index]) =>
    dataFile({ file: url.slice(url.lastIndexOf('/') + 1, -'.json'.length) }, index),
  );
}) satisfies GetStaticPaths;

export const GET = serveDataFile;
