/**
 * /trade-prices/group-{id}.json: a customer group's own prices (site/trade-price-files.ts), written with the
 * site like the other data files and rewritten exactly when its text changes. Never served from the public
 * files: only the storefront server's Trade gate (src/server/shopper/trade.ts) sends one.
 */
import type { GetStaticPaths } from 'astro';
import { getCatalogue } from '../../site/catalogue.ts';
import { dataFile, dataFilesToRender, serveDataFile } from '../../site/data-files.ts';
import { TRADE_PRICES_BASE, tradePriceFiles } from '../../site/trade-price-files.ts';

export const getStaticPaths = (() =>
  dataFilesToRender(tradePriceFiles(getCatalogue())).map(([path, file]) =>
    dataFile({ file: path.slice(TRADE_PRICES_BASE.length + 1, -'.json'.length) }, file),
  )) satisfies GetStaticPaths;

export const GET = serveDataFile;
