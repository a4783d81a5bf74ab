/**
 * /fit-data/models.json, /fit-data/labels.json, /fit-data/skus.json and /fit-data/model-{slug}.json: what
 * the browser knows of which part fits which machine (catalogue/fit-files.ts, features/parts-finder/skus.ts). Each is rewritten exactly when its text changes
 * (site/data-files.ts): a part's price moves its models' files only.
 */
import type { GetStaticPaths } from 'astro';
import { fitIndex } from '../../catalogue/fits.ts';
import {
  FIT_DATA_BASE,
  labelEntries,
  modelEntries,
  modelFile,
  partEntries,
  SKUS_FILE,
} from '../../catalogue/fit-files.ts';
import { skuEntries } from '../../features/parts-finder/index.ts';
import { catalogueRoutes } from '../../site/routes.ts';
import { getCatalogue } from '../../site/catalogue.ts';
import { dataFile, dataFilesToRender, serveDataFile } from '../../site/data-files.ts';

export const getStaticPaths = (() => {
  const index = getCatalogue();
  const fits = fitIndex(index);
  const { hrefBySku } = catalogueRoutes(index);
  const files: [path: string, data: () => object][] = [
    [`${FIT_DATA_BASE}/models.json`, () => modelEntries(fits)],
    [`${FIT_DATA_BASE}/labels.json`, () => labelEntries(fits)],
    [SKUS_FILE, () => skuEntries(fits)],
    ...fits.models.map((model): [string, () => object] => [
      modelFile(model.slug),
      () => partEntries(model, hrefBySku),
    ]),
  ];
  return dataFilesToRender(files).map(([path, data]) =>
    dataFile({ file: path.slice(FIT_DATA_BASE.length + 1, -'.json'.length) }, data()),
  );
}) satisfies GetStaticPaths;

export const GET = serveDataFile;
