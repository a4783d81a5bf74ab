/**
 * The index's side of search by fit (fit-data.ts): the models search knows, and each model's fit file,
 * from the products' fits as the merchant keeps them in Magento (`Product.fit`: a machine's model, the models
 * a part fits).
 */
import { modelKey, modelSlug } from '../../catalogue/fits.ts';
import type { Product } from '../../catalogue/types.ts';
import { gapsText, isSearchModel, type FitFile, type ModelsFile } from './fit-data.ts';

export interface FitIndexFiles {
  /** The models file; null when nothing fits any model. */
  models: ModelsFile | null;
  /** Each model's fit file, by slug. */
  files: Map<string, FitFile>;
}

const naturally = new Intl.Collator('en-GB', { numeric: true, sensitivity: 'base' });

/** The models `products` fit, for an index built without the site's list. */
function modelsOf(products: readonly Product[]): string[] {
  const found = new Map<string, string>();
  for (const { fit } of products) for (const name of fit.fits) found.set(modelKey(name), name);
  return [...found.values()].sort(naturally.compare);
}

/** A model's products as the build collects them: fitting, machines, out of stock (ascending). */
interface Lists {
  p: number[];
  m: number[];
  o: number[];
}

/**
 * The fit files of `products` (numbered by their place) for the models with a parts page (`names`, else
 * the models the products fit), and the list of those models. A model no product of the index fits gets a
 * file all the same (its parts page may list products search does not show), so a query naming it is read
 * alike. A model no query can name (without a digit) is left out.
 */
export function fitIndexFiles(
  products: readonly Product[],
  v: string,
  names: readonly string[] = modelsOf(products),
): FitIndexFiles {
  const models = names.filter(isSearchModel);
  if (models.length === 0) return { models: null, files: new Map() };
  const lists = new Map(models.map((name): [string, Lists] => [modelKey(name), { p: [], m: [], o: [] }]));
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
  for (const name of models) {
    const list = lists.get(modelKey(name));
    if (!list) continue;
    files.set(modelSlug(name), {
      v,
      p: gapsText(list.p),
      m: gapsText(list.m),
      ...(list.o.length > 0 ? { o: gapsText(list.o) } : {}),
    });
  }
  return { models: { v, n: models }, files };
}
