/**
 * /fit-data/models.json, /fit-data/labels.json, /fit-data/skus.json and /fit-data/model-{slug}.json (a model
 * of many parts: the names of its files of parts, `model-{slug}.{n}.json`): what the browser knows of which
 * part fits which machine (catalogue/fit-files.ts, features/parts-finder/skus.ts). Each is rewritten exactly
 * when its text changes (site/data-files.ts): a part's price moves the one file of each of its models that
 * holds it. A file whose inputs are the same values as the run before (its parts and their links; every
 * model's machines) is the same object, so the warm renderer neither writes it out nor hashes it again.
 */
import type { GetStaticPaths } from 'astro';
import { fitIndex } from '../../catalogue/fits.ts';
import {
  FIT_DATA_BASE,
  labelEntries,
  modelEntries,
  modelFiles,
  SKUS_FILE,
  type FitFile,
} from '../../catalogue/fit-files.ts';
import { keyedParts } from '../../catalogue/kept-parts.ts';
import { skuEntries } from '../../features/parts-finder/index.ts';
import { catalogueRoutes } from '../../site/routes.ts';
import { getCatalogue } from '../../site/catalogue.ts';
import { dataFile, dataFilesPlanned, serveDataFile } from '../../site/data-files.ts';

const kept = keyedParts<string, object>();

export const getStaticPaths = (() => {
  if (!dataFilesPlanned()) return [];
  const index = getCatalogue();
  const fits = fitIndex(index);
  const { hrefBySku } = catalogueRoutes(index);
  const machines = fits.models.flatMap((model) => [model.slug, ...model.machines]);
  const models = modelEntries(fits);
  const files: FitFile[] = [
    [`${FIT_DATA_BASE}/models.json`, models.flatMap(Object.values), () => models],
    [`${FIT_DATA_BASE}/labels.json`, machines, () => labelEntries(fits)],
    [SKUS_FILE, machines, () => skuEntries(fits)],
    ...fits.models.flatMap((model) => modelFiles(model, hrefBySku)),
  ];
  const paths = files.map(([path, inputs, data]) =>
    dataFile({ file: path.slice(FIT_DATA_BASE.length + 1, -'.json'.length) }, kept.get(path, inputs, data)),
  );
  kept.sweep();
  return paths;
}) satisfies GetStaticPaths;

export const GET = serveDataFile;
