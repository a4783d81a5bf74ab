/**
 * Issue 39's fit data, added to the finished catalogue (generated products and configurable families):
 * every machine's `machine_model`, and every accessory, consumable, detergent and spare part's
 * `fits_models` (the models it fits, by the rules of data/fits.ts) and `accessory_type`; an accessory's
 * `compatible_with` text is rewritten to say the same. The models are the machines' own, so their
 * options (the same labels for `machine_model` and `fits_models`, each attribute its own ids) are
 * numbered after every other option. Which neighbouring models a nozzle fits, or which one model a filter
 * fits, comes from each part's own stream (`seedFor`): nothing here draws from the main one.
 */
import { FAMILIES } from './data/families.ts';
import { FIT_RULES, type FitRule } from './data/fits.ts';
import { SUB_CATEGORY_DEFS } from './data/categories.ts';
import type { Audience, SubCategoryDef } from './data/shape.ts';
import { createRandom, seedFor, type Random } from './random.ts';
import type { SeedAttribute, SeedCatalogue, SeedProduct } from './types.ts';

/** One machine model: every machine whose model text starts with its label. */
export interface MachineModel {
  readonly label: string;
  readonly audience: Audience;
  /** Audience and the label's first word: `HG:K`, `P:HD`. */
  readonly series: string;
  /** Its machines' kind, e.g. `Pressure Washer`. */
  readonly kind: string;
  /** Some machine of the model is enabled. */
  live: boolean;
}

type Models = ReadonlyMap<string, MachineModel>;

const collator = new Intl.Collator('en', { numeric: true });

/**
 * A machine's model as the label on the machine names it: the model text's words up to and including the
 * first that holds a digit (`K 5 Premium Power Control` → `K 5`, `HD 6/15 C Plus` → `HD 6/15`).
 */
export function machineModelLabel(model: string): string {
  const words = model.split(' ');
  const end = words.findIndex((word) => /\d/.test(word));
  if (end < 0) throw new Error(`"${model}" names no model number`);
  return words.slice(0, end + 1).join(' ');
}

/** The sub-category of a sku (`HG-PW-00012`, `PRO-DT-FLOORCLEAN-5L`): its audience and abbreviation. */
function subCategoryOf(sku: string): SubCategoryDef {
  const [prefix, abbr] = sku.split('-');
  const audience: Audience = prefix === 'HG' ? 'HG' : 'P';
  const def = SUB_CATEGORY_DEFS.find((d) => d.audience === audience && d.abbr === abbr);
  if (!def) throw new Error(`${sku}: no sub-category`);
  return def;
}

/** Model and noun, from a name built as brand, "Professional" (for professionals), model, noun. */
function designation(product: SeedProduct, brand: string, audience: Audience): string {
  const text = product.name.startsWith(`${brand} `) ? product.name.slice(brand.length + 1) : product.name;
  return audience === 'P' && text.startsWith('Professional ') ? text.slice('Professional '.length) : text;
}

/** The catalogue's machine models, in option order: by sub-category, then by model number. */
function machineModels(products: readonly SeedProduct[], brand: string): Models {
  const found = new Map<string, MachineModel & { order: number }>();
  for (const product of products) {
    const def = subCategoryOf(product.sku);
    if (FAMILIES[def.family].role !== 'machine') continue;
    const label = machineModelLabel(designation(product, brand, def.audience));
    const model = found.get(label) ?? {
      label,
      audience: def.audience,
      series: `${def.audience}:${label.split(' ')[0] ?? ''}`,
      kind: def.kind,
      live: false,
      order: SUB_CATEGORY_DEFS.indexOf(def),
    };
    model.live ||= product.status === 1;
    found.set(label, model);
  }
  const sorted = [...found.values()].sort((a, b) => a.order - b.order || collator.compare(a.label, b.label));
  return new Map(sorted.map((model) => [model.label, model]));
}

/** The models of each series, in option order. */
function bySeries(models: Models): Map<string, MachineModel[]> {
  const series = new Map<string, MachineModel[]>();
  for (const model of models.values()) series.set(model.series, [...(series.get(model.series) ?? []), model]);
  return series;
}

/** The models a part fits by its rule, within its audience; none when the catalogue has no such machine. */
function fitsOf(
  rule: FitRule,
  audience: Audience,
  series: ReadonlyMap<string, readonly MachineModel[]>,
  r: Random,
): readonly MachineModel[] {
  const named = (codes: readonly string[] = []) =>
    codes.map((code) => series.get(`${audience}:${code}`) ?? []).filter((models) => models.length > 0);
  const present = named(rule.series[audience]);
  const groups = present.length > 0 ? present : named(rule.instead?.[audience]);
  if (groups.length === 0) return [];
  if (rule.reach === 'series') return groups.flat();
  if (rule.reach === 'few') {
    const group = r.pick(groups);
    const size = Math.min(group.length, r.int(2, 4));
    const start = r.int(0, group.length - size);
    return group.slice(start, start + size);
  }
  const all = groups.flat();
  const live = all.filter((model) => model.live);
  return [r.pick(live.length > 0 ? live : all)];
}

/** "K 2 – K 7 pressure washers", "HD 5/11, HD 6/15 pressure washers": what a part's data sheet says. */
function compatibleText(fits: readonly MachineModel[], series: ReadonlyMap<string, readonly MachineModel[]>) {
  const kinds = new Map<string, { names: string[]; count: number }>();
  for (const code of new Set(fits.map((model) => model.series))) {
    const chosen = fits.filter((model) => model.series === code);
    const whole = series.get(code) ?? [];
    const first = chosen[0];
    const last = chosen[chosen.length - 1];
    const name =
      first && last && chosen.length === whole.length && chosen.length > 1
        ? `${first.label} – ${last.label}`
        : chosen.map((model) => model.label).join(', ');
    const kind = kinds.get(first?.kind ?? '') ?? { names: [], count: 0 };
    kind.names.push(name);
    kind.count += chosen.length;
    kinds.set(first?.kind ?? '', kind);
  }
  const plural = (kind: string) => (/(s|sh|ch|x)$/.test(kind) ? `${kind}es` : `${kind}s`);
  return [...kinds]
    .map(
      ([kind, { names, count }]) => `${names.join(', ')} ${(count > 1 ? plural(kind) : kind).toLowerCase()}`,
    )
    .join(', ');
}

/** The option ids of one fit attribute, by label. */
const idsOf = (attribute: SeedAttribute | undefined): Map<string, number> =>
  new Map((attribute?.options ?? []).map((option) => [option.label, option.id]));

/** The fit attributes with the machine models' options, numbered after every other option. */
function withModelOptions(attributes: readonly SeedAttribute[], models: Models): SeedAttribute[] {
  let next = Math.max(0, ...attributes.flatMap((a) => a.options.map((option) => option.id))) + 1;
  return attributes.map((attribute) =>
    attribute.code === 'machine_model' || attribute.code === 'fits_models'
      ? { ...attribute, options: [...models.keys()].map((label) => ({ id: next++, label })) }
      : attribute,
  );
}

/**
 * The catalogue with its fit data. A configurable family's children take their parent's stream, so a
 * family's parts fit what their parent fits.
 */
export function addFits(
  seed: number,
  brand: string,
  catalogue: Pick<SeedCatalogue, 'attributes' | 'products' | 'configurables'>,
): Pick<SeedCatalogue, 'attributes' | 'products'> {
  const models = machineModels(catalogue.products, brand);
  const series = bySeries(models);
  const attributes = withModelOptions(catalogue.attributes, models);
  const find = (code: string) => attributes.find((a) => a.code === code);
  const modelIds = idsOf(find('machine_model'));
  const fitIds = idsOf(find('fits_models'));
  const typeIds = idsOf(find('accessory_type'));
  const parentOf = new Map(
    catalogue.configurables.flatMap((c) => c.childSkus.map((child) => [child, c.parentSku] as const)),
  );
  const products = catalogue.products.map((product) => {
    const def = subCategoryOf(product.sku);
    const text = designation(product, brand, def.audience);
    const attrs = { ...product.customAttributes };
    if (FAMILIES[def.family].role === 'machine') {
      attrs['machine_model'] = String(modelIds.get(machineModelLabel(text)));
      return { ...product, customAttributes: attrs };
    }
    const rule = FIT_RULES.find((candidate) => candidate.part.test(text));
    if (!rule) throw new Error(`${product.sku} "${text}": no fit rule says what it fits`);
    const r = createRandom(seedFor(seed, `fits:${parentOf.get(product.sku) ?? product.sku}`));
    const fits = fitsOf(rule, def.audience, series, r);
    attrs['accessory_type'] = String(typeIds.get(rule.type));
    // A multiselect holds its option ids joined by commas; none is no value.
    if (fits.length > 0) {
      const ids = fits.map((model) => fitIds.get(model.label) ?? 0).sort((a, b) => a - b);
      attrs['fits_models'] = ids.join(',');
      // The data sheet's "Compatible with" says the same as the fits, not a series picked at random.
      if (attrs['compatible_with']) attrs['compatible_with'] = compatibleText(fits, series);
    }
    return { ...product, customAttributes: attrs };
  });
  return { attributes, products };
}
