/**
 * /listing-data/{category id}.json: each category's filter index (a parts page's: `fits-{model slug}.json`) (features/listing/listing-index.ts),
 * a long one as a head and parts (`{category id}.{n}.json`: features/listing/index-parts.ts),
 * revalidated like the pages that name it and purged from the CDN when it changes (listing-pages.ts says
 * why its name carries no hash). Malformed filterable values are reported here, once per build, like the
 * catalogue's other data faults.
 */
import type { GetStaticPaths } from 'astro';
import { listingIndexFiles, listingValueProblems, valueProblemLines } from '../../site/listing-pages.ts';
import { catalogueRoutes } from '../../site/routes.ts';
import { getCatalogue } from '../../site/catalogue.ts';
import { dataFile, dataFilesPlanned, serveDataFile } from '../../site/data-files.ts';

export const getStaticPaths = (() => {
  // Planned once a run (the first slice of a whole build): so the faults are reported once a run too.
  if (!dataFilesPlanned()) return [];
  const catalogue = getCatalogue();
  const { hrefBySku } = catalogueRoutes(catalogue);
  for (const line of valueProblemLines(listingValueProblems(catalogue, hrefBySku))) console.warn(line);
  return listingIndexFiles(catalogue, hrefBySku).map(({ file, data }) => dataFile({ file }, data));
}) satisfies GetStaticPaths;

export const GET = serveDataFile;
