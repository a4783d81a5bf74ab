/**
 * One generated product: sku, name, state, price, weight, copy, lists, documents, technical data and
 * pictures, drawn from the seeded random source in a fixed order (changing the order changes every
 * catalogue after it, which the seed test would catch).
 */
import { FAMILIES } from './data/families.ts';
import {
  join,
  lerp,
  pence,
  round,
  type FamilyDef,
  type SubCategoryDef,
  type TechContext,
} from './data/shape.ts';
import { DOC_TITLES, MALICIOUS_SNIPPETS, SPARE_PARTS, TECH_VALUES } from './data/texts.ts';
import type { Random } from './random.ts';
import type { Slot } from './slots.ts';
import type { GeneratedProduct } from './merchandising.ts';
import type { SeedImage } from './types.ts';

/** Separator of the list-valued attributes `equipmentAttr` and `applications_attrib`. */
export const LIST_SEPARATOR = '&&!&&';
/** Separator between title and URL in `documentationAttrN` values. */
export const DOCUMENTATION_SEPARATOR = '::';
/** Pool files per second-level category in pool mode (≤ 5 × 32 = 160 files). */
const POOL_FILES_PER_CATEGORY = 5;

const RATE_NO_LIST_PRICE = 0.3;
const RATE_PROMOTION = 0.06;
const RATE_MALICIOUS_HTML = 0.02;
const RATE_EMPTY_TECH_VALUE = 0.03;

/** What every product of one catalogue shares. */
export interface ProductRun {
  readonly r: Random;
  readonly brand: string;
  /** Shares of disabled, out-of-stock and not-visible products among the non-guaranteed ones. */
  readonly rates: { readonly disabled: number; readonly outOfStock: number; readonly notVisible: number };
  readonly poolImages: boolean;
  readonly digits: number;
  readonly usedUrlKeys: Set<string>;
}

type Attributes = Record<string, string>;

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A believable shelf price incl VAT: 4.99, 149.99, 149.5, 1249.99, 1250. */
function retailPrice(r: Random, raw: number): number {
  if (raw < 20) return pence(Math.floor(raw) + 0.99);
  if (raw < 1000) {
    const tens = Math.max(20, round(raw, 10));
    return pence(r.chance(0.1) ? tens - 0.5 : tens - 0.01);
  }
  const tens = round(raw, 10);
  const u = r.next();
  return pence(u < 0.45 ? tens - 0.01 : u < 0.55 ? tens - 0.5 : tens);
}

const exVat = (incl: number): number => Math.round(Math.round(incl * 100) / 1.2) / 100;

function productState(run: ProductRun, slot: Slot) {
  let status: 1 | 2 = 1;
  let visibility: 1 | 2 | 3 | 4 = 4;
  let inStock = true;
  if (!slot.guaranteed) {
    const { disabled, outOfStock, notVisible } = run.rates;
    const u = run.r.next();
    if (u < disabled) status = 2;
    else if (u < disabled + outOfStock) inStock = false;
    else if (u < disabled + outOfStock + notVisible) visibility = 1;
  }
  return { status, visibility, inStock };
}

/** Price and weight from the model's tier `t` (and a detergent's bottle size). */
function priceAndWeight(r: Random, slot: Slot, t: number, size: string | undefined) {
  const { def, child } = slot;
  const tierPrice = lerp(def.price[0], def.price[1], Math.pow(t, 1.4) * r.float(0.85, 1.15));
  const premium = child?.code === 'premium-pressure-washers' || child?.code === 'hot-water-pressure-washers';
  const price = retailPrice(r, Math.max(def.price[0], premium ? tierPrice * 1.3 : tierPrice));
  let weight = lerp(def.weightKg[0], def.weightKg[1], Math.min(1, t * r.float(0.8, 1.2)));
  if (size) {
    const litres = size.endsWith('ml') ? parseFloat(size) / 1000 : parseFloat(size);
    weight = litres * 1.05 + 0.08;
  }
  return { price, weight: Number(weight.toFixed(weight < 10 ? 2 : 1)) };
}

function uniqueUrlKey(run: ProductRun, name: string, index: number): string {
  const base = slugify(name);
  let urlKey = base;
  for (let n = 0; run.usedUrlKeys.has(urlKey); n++)
    urlKey = `${base}-${String(index + 1)}${n ? `-${n}` : ''}`;
  run.usedUrlKeys.add(urlKey);
  return urlKey;
}

interface Naming {
  readonly def: SubCategoryDef;
  readonly family: FamilyDef;
  readonly name: string;
  readonly model: string;
  readonly noun: string;
}

function writeCopy(run: ProductRun, attrs: Attributes, { def, family, name, model, noun }: Naming): void {
  const { r, brand } = run;
  const pitch = r.pick(family.pitches);
  const second = r.pick(family.pitches);
  attrs.short_description =
    second !== pitch && r.chance(0.5)
      ? `The ${model} ${noun.toLowerCase()} ${pitch}. In addition, it ${second}.`
      : `The ${model} ${noun.toLowerCase()} ${pitch}.`;
  const features = r.sample(family.features, r.int(3, 5));
  let html =
    `<p><strong>${escapeHtml(name)}</strong> ${escapeHtml(pitch)}.</p>` +
    `<p>${escapeHtml(`Designed for ${def.audience === 'HG' ? 'home and garden' : 'professional'} use, it ${second}.`)}</p>` +
    `<ul>${features.map((f) => `<li>${escapeHtml(f)}</li>`).join('')}</ul>`;
  if (r.chance(0.5)) {
    html += `<p>${escapeHtml(`Supplied by ${brand} with a ${def.audience === 'HG' ? '2' : '1'}-year guarantee.`)}</p>`;
  }
  if (r.chance(RATE_MALICIOUS_HTML)) html += r.pick(MALICIOUS_SNIPPETS);
  attrs.description = html;
}

function writePrices(r: Random, attrs: Attributes, price: number): void {
  const hasListPrice = !r.chance(RATE_NO_LIST_PRICE);
  if (hasListPrice) attrs.list_price = price.toFixed(2);
  attrs.sales_price = exVat(price).toFixed(2);
  if (hasListPrice && r.chance(RATE_PROMOTION)) {
    const full = retailPrice(r, price / (1 - r.pick([0.1, 0.15, 0.2, 0.25])));
    attrs.sale_price = price.toFixed(2);
    attrs.full_list_price = full.toFixed(2);
    attrs.full_sale_price = exVat(full).toFixed(2);
  }
}

function writeListsAndDocuments(r: Random, attrs: Attributes, family: FamilyDef, sku: string): void {
  if (family.role === 'machine') {
    attrs.equipmentAttr = r.sample(family.equipment, r.int(3, 7)).join(LIST_SEPARATOR);
    attrs.applications_attrib = r.sample(family.applications, r.int(2, 6)).join(LIST_SEPARATOR);
  } else if (family.role === 'accessory') {
    if (r.chance(0.4)) attrs.equipmentAttr = r.sample(family.equipment, r.int(1, 2)).join(LIST_SEPARATOR);
    attrs.applications_attrib = r.sample(family.applications, r.int(1, 3)).join(LIST_SEPARATOR);
  } else {
    attrs.applications_attrib = r.sample(family.applications, r.int(2, 4)).join(LIST_SEPARATOR);
  }
  const docTitles =
    family.role === 'detergent'
      ? ['Safety data sheet', 'Product data sheet']
      : family.role === 'accessory'
        ? ['Operating manual', 'Product data sheet']
        : DOC_TITLES;
  r.sample(docTitles, r.int(0, 3)).forEach((title, i) => {
    attrs[`documentationAttr${String(i + 1)}`] =
      `${title}${DOCUMENTATION_SEPARATOR}https://docs.example.com/${family.role}s/${sku.toLowerCase()}-${slugify(title)}.pdf`;
  });
}

function writeTechnicalData(attrs: Attributes, family: FamilyDef, ctx: TechContext): void {
  const { r, def, model } = ctx;
  // Heating output only for hot-water pressure washers within the pressure family.
  const profile = family.tech.filter(
    (code) => code !== 'heating_output_kw' || def.family !== 'pressure' || model.startsWith('HDS'),
  );
  const wanted =
    family.role === 'machine'
      ? r.int(5, Math.min(12, profile.length))
      : r.int(2, Math.min(4, profile.length));
  const head = profile.slice(0, 2);
  const picked = new Set([...head, ...r.sample(profile.slice(2), wanted - head.length)]);
  for (const code of profile) {
    if (!picked.has(code)) continue;
    const gen = TECH_VALUES[code];
    attrs[code] = !gen || r.chance(RATE_EMPTY_TECH_VALUE) ? '' : gen(ctx);
  }
}

function productImages(run: ProductRun, def: SubCategoryDef, sku: string, name: string): SeedImage[] {
  const { r } = run;
  const colour = FAMILIES[def.family].colour;
  const imageCount = r.int(2, 5);
  const poolKey = `${def.audience === 'HG' ? 'hg' : 'pro'}-${def.abbr.toLowerCase()}-pool`;
  const poolStart = r.int(0, POOL_FILES_PER_CATEGORY - 1);
  const images: SeedImage[] = [];
  for (let n = 1; n <= imageCount; n++) {
    const fileName = run.poolImages
      ? `${poolKey}-${String(((poolStart + n - 1) % POOL_FILES_PER_CATEGORY) + 1)}.jpg`
      : `${sku.toLowerCase()}-${String(n)}.jpg`;
    images.push({
      file: `/${fileName.charAt(0)}/${fileName.charAt(1)}/${fileName}`,
      position: n,
      types: n === 1 ? ['image', 'small_image', 'thumbnail'] : [],
      label: `${name} view ${String(n)}`,
      caption: def.kind,
      colour,
    });
  }
  return images;
}

export function makeProduct(run: ProductRun, slot: Slot, index: number): GeneratedProduct {
  const { r } = run;
  const { def, child } = slot;
  const family = FAMILIES[def.family];
  const sku = `${def.audience === 'HG' ? 'HG' : 'PRO'}-${def.abbr}-${String(index + 1).padStart(run.digits, '0')}`;
  const { status, visibility, inStock } = productState(run, slot);
  const t = r.next();
  let [model, noun] = def.model(r, t, child?.code);
  if (visibility === 1 && family.role === 'accessory') [model, noun] = r.pick(SPARE_PARTS);
  const name = join(run.brand, def.audience === 'P' && 'Professional', model, noun);
  const size = family.role === 'detergent' ? /(\d+(?:\.\d+)?\s?(?:ml|l))$/.exec(model)?.[1] : undefined;
  const { price, weight } = priceAndWeight(r, slot, t, size);
  const attrs: Attributes = {};
  attrs.url_key = uniqueUrlKey(run, name, index);
  writeCopy(run, attrs, { def, family, name, model, noun });
  // Model number like 1.673-600.0 (machines 1., accessories 2., detergents 6.).
  const lead = family.role === 'machine' ? '1' : family.role === 'accessory' ? '2' : '6';
  attrs.supplier_code = `${lead}.${String(100 + (index % 900))}-${String(100 + (Math.floor(index / 900) % 900))}.${String(r.int(0, 9))}`;
  writePrices(r, attrs, price);
  writeListsAndDocuments(r, attrs, family, sku);
  writeTechnicalData(attrs, family, { r, t, audience: def.audience, def, weight, size, model });
  const images = productImages(run, def, sku, name);
  const first = images[0]?.file ?? '';
  attrs.image = first;
  attrs.small_image = first;
  attrs.thumbnail = first;
  return {
    sku,
    name,
    price,
    status,
    visibility,
    weight,
    qty: inStock ? r.int(1, 500) : 0,
    isInStock: inStock,
    categoryIds: child ? [def.id, child.id] : [def.id],
    customAttributes: attrs,
    images,
    links: [],
  };
}
