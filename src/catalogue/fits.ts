/**
 * "Fits my machine": which accessories, detergents and parts fit which machine models, as the merchant keeps
 * it in Magento (a machine's `machine_model`, a part's `fits_models`: map.ts, DESIGN.md §3). A model is what a
 * manufacturer's fit lists name ("K 5", "HD 6/15"), not one product: every K 5 variant takes the same hose.
 * Worked out once per catalogue snapshot and shared by the product pages, the parts pages, the fit files and
 * search.
 */
import type { CatalogueIndex } from './snapshot.ts';
import type { Audience, Product } from './types.ts';

/**
 * The attributes "fits my machine" reads (DESIGN.md §3): a machine's model (a select), the models a part fits
 * (a multiselect; a text attribute of comma-separated models works too) and the kind of part (a select).
 */
export const FIT_ATTRIBUTES = {
  model: 'machine_model',
  fits: 'fits_models',
  type: 'accessory_type',
} as const;

export interface MachineModel {
  /** As Magento names it, e.g. "K 5". */
  name: string;
  /** Its parts page's path segment, e.g. `k-5` (`/parts-finder/k-5`). */
  slug: string;
  /** What any typing of it comes to (`modelKey`), e.g. `k5`. */
  key: string;
  /** The audience of its machines (else of its parts); undefined when they are of both or neither. */
  audience: Audience | undefined;
  /** What kind of machine it is (its first machine's listing category, e.g. "Pressure Washers"), else null. */
  kind: string | null;
  /** Its machines with a page, by name. */
  machines: Product[];
  /** The accessories, detergents and parts with a page that fit it, by type (Magento's option order), then name. */
  parts: Product[];
}

export interface FitIndex {
  /** Every model a machine is or a part fits, by kind, then name in natural order ("K 2" before "K 10"). */
  models: MachineModel[];
  byKey: ReadonlyMap<string, MachineModel>;
  bySlug: ReadonlyMap<string, MachineModel>;
  /** The part types in Magento's option order, e.g. ["Hoses", "Nozzles and lances", …]. */
  types: string[];
}

/**
 * The keys of the names already seen: a run's plan asks for the key of every fit of every product (a few
 * hundred models' names, tens of thousands of times), and the text work was 6 % of a warm run's plan. Kept
 * up to a bound: a shopper's typing goes through here too.
 */
const modelKeys = new Map<string, string>();
const MODEL_KEYS_KEPT = 20_000;

/**
 * What any typing of a model comes to: lower case, without spaces or punctuation, except that numbers stay
 * apart ("K 5", "k5", "K-5" → `k5`; "HD 6/15", "hd 6-15" → `hd6/15`).
 */
export function modelKey(text: string): string {
  let key = modelKeys.get(text);
  if (key === undefined) {
    key = text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/(\d)[^a-z0-9]+(?=\d)/g, '$1/')
      .replace(/[^a-z0-9/]+/g, '');
    if (modelKeys.size < MODEL_KEYS_KEPT) modelKeys.set(text, key);
  }
  return key;
}

/** `HD 6/15` → `hd-6-15`. */
export const modelSlug = (name: string): string =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

const naturally = new Intl.Collator('en-GB', { numeric: true, sensitivity: 'base' });

/** The part types in the order of the `accessory_type` attribute's options, any other after, by name. */
function partTypes(index: CatalogueIndex, parts: readonly Product[]): string[] {
  const attribute = index.catalogue.attributes.find(({ code }) => code === FIT_ATTRIBUTES.type);
  const ordered = (attribute?.options ?? []).map(({ label }) => label);
  const others = new Set(
    parts.flatMap(({ fit }) => (fit.type && !ordered.includes(fit.type) ? [fit.type] : [])),
  );
  return [...ordered, ...[...others].sort(naturally.compare)];
}

function sharedAudience(index: CatalogueIndex, products: readonly Product[]): Audience | undefined {
  const found = new Set(products.map((product) => index.audienceOf(product)));
  return found.size === 1 ? [...found][0] : undefined;
}

function build(index: CatalogueIndex): FitIndex {
  const byKey = new Map<string, { name: string; machines: Product[]; parts: Product[] }>();
  const entry = (name: string) => {
    const key = modelKey(name);
    let found = byKey.get(key);
    if (!found) byKey.set(key, (found = { name, machines: [], parts: [] }));
    return found;
  };
  for (const product of index.pages) {
    if (product.fit.model) entry(product.fit.model).machines.push(product);
    for (const name of product.fit.fits) entry(name).parts.push(product);
  }
  const allParts = index.pages.filter(({ fit }) => fit.fits.length > 0);
  const types = partTypes(index, allParts);
  const typeRank = (product: Product) => {
    const at = product.fit.type ? types.indexOf(product.fit.type) : -1;
    return at === -1 ? types.length : at;
  };
  const models = [...byKey].map(([key, { name, machines, parts }]): MachineModel => {
    machines.sort((a, b) => naturally.compare(a.name, b.name));
    parts.sort((a, b) => typeRank(a) - typeRank(b) || naturally.compare(a.name, b.name));
    const first = machines[0];
    return {
      name,
      slug: modelSlug(name),
      key,
      audience: sharedAudience(index, machines.length > 0 ? machines : parts),
      kind: first ? (index.kindOf(first)?.name ?? null) : null,
      machines,
      parts,
    };
  });
  // Models no machine of the catalogue has (only parts name them) go last.
  models.sort(
    (a, b) =>
      Number(a.kind === null) - Number(b.kind === null) ||
      naturally.compare(a.kind ?? '', b.kind ?? '') ||
      naturally.compare(a.name, b.name),
  );
  return {
    models,
    byKey: new Map(models.map((model) => [model.key, model])),
    bySlug: new Map(models.map((model) => [model.slug, model])),
    types,
  };
}

const memo = new WeakMap<CatalogueIndex, FitIndex>();

/** The catalogue's fit index, worked out once per snapshot. */
export function fitIndex(index: CatalogueIndex): FitIndex {
  let built = memo.get(index);
  if (!built) memo.set(index, (built = build(index)));
  return built;
}

/** What of a product the fit index reads besides its identity: its place in a model's lists, and theirs. */
const fitFacts = (product: Product): string =>
  JSON.stringify([product.fit, product.name, product.urlKey, product.visibility, product.categoryIds]);

/** What of the catalogue every model reads: the category tree (audiences, kinds) and the part types. */
const fitStructure = (index: CatalogueIndex): string =>
  JSON.stringify([
    index.catalogue.audiences,
    index.catalogue.attributes.find(({ code }) => code === FIT_ATTRIBUTES.type)?.options,
  ]);

/**
 * The fit index of `after` made from `before`'s, when the products that changed between them changed
 * nothing the index reads but themselves (a price, stock, a description): each stands where it stood, in
 * the lists of its own models. So a save's run does not build the index of the whole catalogue again
 * (1.2 s at 100,000 products). Anything else (a product added, removed, renamed, moved or fitting other
 * models; another tree or list of part types) leaves `after` to be built whole, when first asked.
 */
export function carryFitIndex(before: CatalogueIndex, after: CatalogueIndex): void {
  const known = memo.get(before);
  if (!known || memo.has(after) || before.bySku.size !== after.bySku.size) return;
  const swapped = new Map<Product, Product>();
  for (const [sku, product] of after.bySku) {
    const old = before.bySku.get(sku);
    if (old === product) continue;
    if (!old || fitFacts(old) !== fitFacts(product)) return;
    swapped.set(old, product);
  }
  if (fitStructure(before) !== fitStructure(after)) return;
  const swap = (products: Product[]) => products.map((product) => swapped.get(product) ?? product);
  const touched = new Set(
    [...swapped.keys()].flatMap(({ fit }) => [fit.model ?? '', ...fit.fits].map(modelKey)),
  );
  const models = known.models.map((model) =>
    touched.has(model.key) ? { ...model, machines: swap(model.machines), parts: swap(model.parts) } : model,
  );
  memo.set(after, {
    models,
    byKey: new Map(models.map((model) => [model.key, model])),
    bySlug: new Map(models.map((model) => [model.slug, model])),
    types: known.types,
  });
}

/**
 * The keys a model may start at in what was typed: the whole of it, then after each leading word up to the
 * first word with a digit (a machine's full product name puts the brand, and "Professional", before its
 * model: "Clearwater Professional HD 6/15 C Plus" is read as "HD 6/15 C Plus" too). A text with no number
 * is read whole only: a brand and a few letters name no model yet.
 */
export function modelReadings(typed: string): string[] {
  const words = typed.trim().split(/\s+/);
  const number = words.findIndex((word) => /[0-9]/.test(modelKey(word)));
  const readings = words
    .slice(0, Math.max(1, number + 1))
    .map((_, at) => modelKey(words.slice(at).join(' ')));
  return [...new Set(readings.filter((key) => key !== ''))];
}

/** The longest of `keys` that the reading `key` starts with, its number not running on ("K 50" is no K 5). */
export function modelStarting(key: string, keys: Iterable<string>): string | undefined {
  let best: string | undefined;
  for (const candidate of keys) {
    if (candidate === '' || !key.startsWith(candidate)) continue;
    if (/[0-9]$/.test(candidate) && /^[0-9/]/.test(key.slice(candidate.length))) continue;
    if (!best || candidate.length > best.length) best = candidate;
  }
  return best;
}

/**
 * The model a shopper means by what they typed: the model itself in any typing ("k5"), or a machine's name
 * or the start of it ("K 5 Premium Power Control"), with the brand before it or not ("Clearwater K 5
 * Premium Power Control"): at the first reading (`modelReadings`) that starts with a model, the longest such
 * model. Undefined when none. Browser code uses it too.
 */
export function findModel(typed: string, keys: Iterable<string>): string | undefined {
  const candidates = [...keys];
  for (const key of modelReadings(typed)) {
    const found = modelStarting(key, candidates);
    if (found !== undefined) return found;
  }
  return undefined;
}
