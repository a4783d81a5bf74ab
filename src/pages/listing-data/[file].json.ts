/**
 * /listing-data/{category id}.{hash}.json: each category's filter index (features/listing/listing-index.ts),
 * named by its content so it is cached for good (DESIGN.md §4). Malformed filterable values are reported
 * here, once per build, like the catalogue's other data faults.
 */
import type { GetStaticPaths } from 'astro';
import { allListingData, listingValueProblems } from '../../site/listing-pages.ts';
import { catalogueRoutes } from '../../site/routes.ts';
import { getCatalogue } from '../../site/catalogue.ts';
import { dataFile, dataFilesToRender, serveDataFile } from '../../site/data-files.ts';

export const getStaticPaths = (() => {
  const catalogue = getCatalogue();
  const { hrefBySku } = catalogueRoutes(catalogue);
  for (const { sku, code, value } of listingValueProblems(catalogue, hrefBySku))
    console.warn(`Product ${sku}: ${code} "${value}" is not a number; it is in no band of that filter.`);
  const files = new Map(
    allListingData(catalogue, hrefBySku)
      .filter((data) => data.listing.categoryId !== null)
      .map((data) => [data.url, data.text]),
  );
  return dataFilesToRender([...files], ([url]) => url).map(([url, text]) =>
    dataFile({ file: url.slice(url.lastIndexOf('/') + 1, -'.json'.length) }, text),
  );
}) satisfies GetStaticPaths;

export const GET = serveDataFile;
