/**
 * The index's side of search by fit (fit-data.ts): the models the core lists, and each model's fit file,
 * from the products' fits as the merchant keeps them in Magento (`Product.fit`: a machine's model, the models
 * a part fits).
 */
import { modelKey, modelSlug } from '../../catalogue/fits.ts';
import type { Product } from '../../catalogue/types.ts';
import { isSearchModel, type FitFile, type ModelsFile } from './fit-data.ts';

/** A model the site has, as the site's fit index names it (src/catalogue/fits.ts). */
export interface SiteModel {
  name: string;
  /** Whether it has a parts page: something with a page fits it. */
  page: boolean;
}

export interface FitIndexFiles {
  /** The models file; null when the catalogue names no model. */
  models: ModelsFile | null;
  /** Each model's fit file, by slug. */
  files: Map<string, FitFile>;
}

const naturally = new Intl.Collator('en-GB', { numeric: true, sensitivity: 'base' });

/** The models of `products` themselves, for an index built without the site's list. */
function modelsOf(products: readonly Product[]): SiteModel[] {
  const found = new Map<string, SiteModel>();
  for (const { fit } of products) {
    for (const name of fit.fits) found.set(modelKey(name), { name, page: true });
    if (fit.model && !found.has(modelKey(fit.model)))
      found.set(modelKey(fit.model), { name: fit.model, page: false });
  }
  return [...found.values()].sort((a, b) => naturally.compare(a.name, b.name));
}

/** A model's products as the build collects them: fitting, machines, out of stock (ascending). */
interface Lists {
  p: number[];
  m: number[];
  o: number[];
}

const gapsOf = (ids: readonly number[]): number[] => ids.map((id, at) => id - (ids[at - 1] ?? 0));

/**
 * The fit files of `products` (numbered by their place) for `models` (else the models the products name),
 * and the list of those models. A model no product of the index has gets an empty file: the list still
 * names it (its parts page may list products search does not show), so a query naming it is read alike. A
 * model no query can name (without a digit) is left out.
 */
export function fitIndexFiles(
  products: readonly Product[],
  v: string,
  all: readonly SiteModel[] = modelsOf(products),
): FitIndexFiles {
  const models = all.filter((model) => isSearchModel(model.name));
  if (models.length === 0) return { models: null, files: new Map() };
  const lists = new Map(
    models.map((model): [string, Lists] => [modelKey(model.name), { p: [], m: [], o: [] }]),
  );
  products.forEach(({ fit, inStock }, id) => {
    const touched = new Set<Lists>();
    for (const name of fit.fits) {
      const list = lists.get(modelKey(name));
      if (list && !touched.has(list)) {
        list.p.push(id);
        touched.add(list);
      }
    }
    const machineOf = fit.model === null ? undefined : lists.get(modelKey(fit.model));
    if (machineOf) {
      machineOf.m.push(id);
      touched.add(machineOf);
    }
    if (!inStock) for (const list of touched) list.o.push(id);
  });
  const files = new Map<string, FitFile>();
  for (const model of models) {
    const list = lists.get(modelKey(model.name));
    if (!list) continue;
    files.set(modelSlug(model.name), {
      v,
      p: gapsOf(list.p),
      m: gapsOf(list.m),
      ...(list.o.length > 0 ? { o: gapsOf(list.o) } : {}),
    });
  }
  const x = models.flatMap((model, at) => (model.page ? [] : [at]));
  return { models: { v, n: models.map((model) => model.name), ...(x.length > 0 ? { x } : {}) }, files };
}
