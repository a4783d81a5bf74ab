/**
 * /feeds/google/products-{n}.xml: the Google Merchant Center feed (site/shopping-feed.ts), the items of the
 * product pages whose sku falls in file n, and /feeds/google/index.txt, the files' URLs. Written with the
 * site like the other data files, every file on every build (an empty one with an empty channel), each
 * rewritten exactly when its text changes: a price or stock change is in the feed in the run that puts it
 * on the page. docs/shopping-feed.md.
 */
import type { GetStaticPaths } from 'astro';
import { getCatalogue } from '../../../site/catalogue.ts';
import { dataFile, dataFilesPlanned, serveDataFile } from '../../../site/data-files.ts';
import { catalogueRoutes } from '../../../site/routes.ts';
import { siteShop } from '../../../site/shop.ts';
import { FEED_INDEX, FEED_XML, siteFeedFiles, siteFeedIndex } from '../../../site/shopping-feed.ts';
import { FEED_INDEX_NAME, feedFileName } from '../../../features/shopping-feed/index.ts';

export const getStaticPaths = (() => {
  // Worked out only when the data files are planned: not for a warm renderer's start.
  if (!dataFilesPlanned()) return [];
  const index = getCatalogue();
  const shop = siteShop();
  return [
    ...siteFeedFiles(index, catalogueRoutes(index).routed, shop).map((file) =>
      dataFile({ file: feedFileName(file.number) }, file, FEED_XML),
    ),
    dataFile({ file: FEED_INDEX_NAME }, siteFeedIndex(shop.siteUrl), FEED_INDEX),
  ];
}) satisfies GetStaticPaths;

export const GET = serveDataFile;
