/**
 * The demo catalogue's configurable products: detergents and consumables in sizes (`volume`) and machines
 * in kits (`kit`), each a parent (visible, in its categories, price 0: children carry the prices) with
 * children (not visible on their own, each with its sku, model number, price, stock, picture and its value
 * of the attribute), and the trade buyers' tier prices on the professional ones' children.
 *
 * The families are fixed data, not drawn from the generator's main stream, so the simple products stay as
 * they were; they come on top of `productCount` simple products in catalogues of
 * {@link CONFIGURABLES_FROM} products or more (tiny test catalogues stay simple). Only their dates come
 * from a stream of their own. `DEMO_CONFIGURABLES` and `DEMO_TIER_PRICES` are the facts tests import
 * (for the default brand).
 */
import { ALL_GROUPS } from '../catalog/product-extras.ts';
import { FAMILIES } from './data/families.ts';
import { join } from './data/shape.ts';
import { catalogueDates } from './merchandising.ts';
import { slugify } from './product.ts';
import { createRandom, seedFor } from './random.ts';
import { buildAttributes } from './structure.ts';
import type { SeedAttribute, SeedConfigurable, SeedImage, SeedProduct, SeedTierPrice } from './types.ts';

/** Catalogues of at least this many products hold the configurable families. */
export const CONFIGURABLES_FROM = 100;
/** Magento's customer groups a tier names: ALL GROUPS, and General (signed-in customers). */
export { ALL_GROUPS };
export const GENERAL_GROUP = 1;

type VariantAttribute = 'volume' | 'kit';

interface VariantSpec {
  readonly label: string;
  readonly price: number;
  readonly inStock?: boolean;
}

interface FamilySpec {
  /** The parent's sku; a child's is this plus its label's stem (`-5L`, `-HOME`). */
  readonly sku: string;
  readonly audience: 'HG' | 'P';
  /** Leaf category first; its parent categories are added. */
  readonly categoryIds: readonly number[];
  readonly model: string;
  readonly noun?: string;
  readonly family: keyof typeof FAMILIES;
  readonly attribute: VariantAttribute;
  readonly variants: readonly VariantSpec[];
  /** Model number stem: a child's is `<stem>.<n>` (n its place in the family). */
  readonly modelNumber: string;
  readonly pitch: string;
  /** Technical data every child shares (the size-dependent rows are added per child). */
  readonly tech: Readonly<Record<string, string>>;
  /** Machines' weight by kit; detergents weigh by volume. */
  readonly weights?: readonly number[];
  /** Trade buyers' tiers (ALL GROUPS) as [quantity, discount %], on every child. */
  readonly tiers?: readonly (readonly [number, number])[];
}

const TRADE_TIERS = [
  [4, 5],
  [10, 10],
] as const;

const FAMILY_SPECS: readonly FamilySpec[] = [
  {
    sku: 'HG-DT-CARSHAMPOO',
    audience: 'HG',
    categoryIds: [37],
    model: 'Car Shampoo',
    family: 'detergent',
    attribute: 'volume',
    variants: [
      { label: '1 l', price: 7.99 },
      // Sold out, and not the cheapest: the picker must not choose it by default.
      { label: '2.5 l', price: 14.99, inStock: false },
      { label: '5 l', price: 24.99 },
    ],
    modelNumber: '6.295-750',
    pitch: 'lifts road film and insect residue without stripping wax',
    tech: { ph_value: '8.5', dilution: '1:100' },
  },
  {
    sku: 'HG-DT-PATIODECK',
    audience: 'HG',
    categoryIds: [37],
    model: 'Patio & Deck Cleaner',
    family: 'detergent',
    attribute: 'volume',
    variants: [
      { label: '1 l', price: 9.99 },
      { label: '5 l', price: 34.99 },
    ],
    modelNumber: '6.295-760',
    pitch: 'removes moss, algae and grime from stone and wood',
    tech: { ph_value: '11', dilution: '1:20' },
  },
  {
    sku: 'HG-DT-UNIVERSAL',
    audience: 'HG',
    categoryIds: [37],
    model: 'Universal Cleaner Concentrate',
    family: 'detergent',
    attribute: 'volume',
    variants: [
      { label: '1 l', price: 6.99 },
      { label: '2.5 l', price: 13.99 },
      { label: '5 l', price: 21.99 },
    ],
    modelNumber: '6.295-770',
    pitch: 'cleans every washable outdoor surface',
    tech: { ph_value: '9.5', dilution: '1:50' },
  },
  {
    sku: 'PRO-DT-FLOORCLEAN',
    audience: 'P',
    categoryIds: [22],
    model: 'Floor Cleaner Concentrate RM 755',
    family: 'detergent',
    attribute: 'volume',
    variants: [
      { label: '1 l', price: 12.99 },
      { label: '5 l', price: 39.99 },
      { label: '10 l', price: 69.99 },
      { label: '20 l', price: 119.99 },
    ],
    modelNumber: '6.295-780',
    pitch: 'cleans sealed floors streak-free in scrubber dryers',
    tech: { ph_value: '10', dilution: '1:200' },
    tiers: TRADE_TIERS,
  },
  {
    sku: 'PRO-DT-VEHICLEFOAM',
    audience: 'P',
    categoryIds: [22],
    model: 'Vehicle Foam Cleaner RM 838',
    family: 'detergent',
    attribute: 'volume',
    variants: [
      { label: '5 l', price: 44.99 },
      { label: '10 l', price: 79.99 },
      // Sold out: a professional variant with tiers that cannot be bought.
      { label: '20 l', price: 139.99, inStock: false },
    ],
    modelNumber: '6.295-790',
    pitch: 'foams on thick for touchless pre-washing of fleets',
    tech: { ph_value: '12.5', dilution: '1:50' },
    tiers: TRADE_TIERS,
  },
  {
    sku: 'PRO-DT-SANITARY',
    audience: 'P',
    categoryIds: [22],
    model: 'Sanitary Cleaner RM 751',
    family: 'detergent',
    attribute: 'volume',
    variants: [
      { label: '1 l', price: 11.99 },
      { label: '5 l', price: 42.99 },
      { label: '10 l', price: 74.99 },
    ],
    modelNumber: '6.295-800',
    pitch: 'removes limescale and urine scale in washrooms',
    tech: { ph_value: '2', dilution: '1:30' },
    tiers: TRADE_TIERS,
  },
  {
    sku: 'PRO-CN-DEFOAMER',
    audience: 'P',
    categoryIds: [19],
    model: 'Defoamer Concentrate RM 869',
    family: 'detergent',
    attribute: 'volume',
    variants: [
      { label: '1 l', price: 16.99 },
      { label: '5 l', price: 59.99 },
      { label: '10 l', price: 104.99 },
    ],
    modelNumber: '6.295-810',
    pitch: 'stops foam in the dirty-water tank of wet vacuums and scrubber dryers',
    tech: { ph_value: '7', dilution: '1:1000' },
    tiers: TRADE_TIERS,
  },
  {
    sku: 'HG-PW-K5KIT',
    audience: 'HG',
    categoryIds: [38, 24],
    model: 'K 5 Kit',
    noun: 'Pressure Washer',
    family: 'pressure',
    attribute: 'kit',
    variants: [
      { label: 'Standard', price: 249.99 },
      { label: 'Home kit', price: 299.99 },
      { label: 'Premium kit', price: 379.99 },
    ],
    modelNumber: '1.324-550',
    pitch: 'cleans patios, cars and fences with 145 bar',
    tech: { max_pressure_bar: '145', pressure_bar: '20 - 145', flow_rate_lh: '500', power_w: '2100' },
    weights: [13.2, 14.6, 16.1],
  },
  {
    sku: 'HG-SC-SC3KIT',
    audience: 'HG',
    categoryIds: [27],
    model: 'SC 3 Kit',
    noun: 'Steam Cleaner',
    family: 'steam',
    attribute: 'kit',
    variants: [
      { label: 'Standard', price: 149.99 },
      { label: 'Home kit', price: 189.99 },
    ],
    modelNumber: '1.513-650',
    pitch: 'kills 99.99 % of household bacteria without chemicals',
    tech: { power_w: '1900' },
    weights: [3.6, 4.4],
  },
  {
    sku: 'PRO-VC-NT30KIT',
    audience: 'P',
    categoryIds: [5],
    model: 'NT 30/1 Kit',
    noun: 'Wet & Dry Vacuum',
    family: 'vacuum',
    attribute: 'kit',
    variants: [
      { label: 'Standard', price: 429.99 },
      { label: 'Premium kit', price: 529.99 },
    ],
    modelNumber: '1.148-650',
    pitch: 'vacuums wet and dry dirt on building sites and workshops',
    tech: { power_w: '1380', tank_capacity_l: '30' },
    weights: [13.5, 15.2],
  },
];

/** `-5L`, `-2.5L`, `-STANDARD`, `-HOME`, `-PREMIUM`. */
const skuStem = (label: string): string =>
  / l$/.test(label) ? label.replace(/ l$/, 'L') : (label.split(' ')[0] ?? label).toUpperCase();

const exVat = (incl: number): number => Math.round(Math.round(incl * 100) / 1.2) / 100;
const pence = (value: number): number => Math.round(value * 100) / 100;

export interface DemoChild {
  sku: string;
  name: string;
  /** The model number (`supplier_code`). */
  model: string;
  /** The attribute option's id and label. */
  valueId: number;
  valueLabel: string;
  price: number;
  inStock: boolean;
}

export interface DemoConfigurable {
  parentSku: string;
  name: string;
  urlKey: string;
  /** The categories the parent is in (sub-category, and third-level one first when it has one). */
  categoryIds: number[];
  attributeCode: VariantAttribute;
  attributeLabel: string;
  /** Magento's attribute id, as `configurable_product_options[].attribute_id` names it (a string there). */
  attributeId: number;
  children: DemoChild[];
}

export interface DemoTierPrice {
  sku: string;
  customerGroupId: number;
  qty: number;
  value: number;
}

/** Attribute ids as the database numbers them: in `buildAttributes()` order from 1. */
export const attributeIdOf = (attributes: readonly SeedAttribute[], code: string): number => {
  const index = attributes.findIndex((a) => a.code === code);
  if (index < 0) throw new Error(`no attribute ${code}`);
  return index + 1;
};

function optionOf(attributes: readonly SeedAttribute[], code: string, label: string) {
  const option = attributes.find((a) => a.code === code)?.options.find((o) => o.label === label);
  if (!option) throw new Error(`"${label}" is no option of ${code}`);
  return option;
}

/** The configurable families' facts for a brand (names and url keys carry it). */
export function demoConfigurables(
  brand: string,
  attributes: readonly SeedAttribute[] = buildAttributes(),
): DemoConfigurable[] {
  return FAMILY_SPECS.map((spec) => {
    const name = join(brand, spec.audience === 'P' && 'Professional', spec.model, spec.noun);
    const attribute = attributes.find((a) => a.code === spec.attribute);
    return {
      parentSku: spec.sku,
      name,
      urlKey: slugify(name),
      categoryIds: [...spec.categoryIds],
      attributeCode: spec.attribute,
      attributeLabel: attribute?.label ?? spec.attribute,
      attributeId: attributeIdOf(attributes, spec.attribute),
      children: spec.variants.map((variant, i) => ({
        sku: `${spec.sku}-${skuStem(variant.label)}`,
        name: `${name} ${variant.label}`,
        model: `${spec.modelNumber}.${String(i)}`,
        valueId: optionOf(attributes, spec.attribute, variant.label).id,
        valueLabel: variant.label,
        price: variant.price,
        inStock: variant.inStock ?? true,
      })),
    };
  });
}

/** The tier prices the families' children carry: the trade tiers, and one General-only tier. */
export function demoTierPrices(configurables: readonly DemoConfigurable[]): DemoTierPrice[] {
  const tiers: DemoTierPrice[] = [];
  FAMILY_SPECS.forEach((spec, i) => {
    for (const child of configurables[i]?.children ?? []) {
      for (const [qty, percent] of spec.tiers ?? []) {
        tiers.push({
          sku: child.sku,
          customerGroupId: ALL_GROUPS,
          qty,
          value: pence((child.price * (100 - percent)) / 100),
        });
      }
    }
  });
  // A signed-in (General) customer's own tier, for the back end's group handling: 2 or more at 8 % off.
  const general = configurables.find((c) => c.parentSku === 'PRO-DT-FLOORCLEAN')?.children[1];
  if (general)
    tiers.push({
      sku: general.sku,
      customerGroupId: GENERAL_GROUP,
      qty: 2,
      value: pence(general.price * 0.92),
    });
  return tiers;
}

export const DEMO_BRAND = 'Clearwater';
export const DEMO_CONFIGURABLES: readonly DemoConfigurable[] = demoConfigurables(DEMO_BRAND);
export const DEMO_TIER_PRICES: readonly DemoTierPrice[] = demoTierPrices(DEMO_CONFIGURABLES);

/** The demo family with this parent sku; one not in the demo throws, so a test fails naming it. */
export function demoFamily(parentSku: string): DemoConfigurable {
  const found = DEMO_CONFIGURABLES.find((candidate) => candidate.parentSku === parentSku);
  if (!found) throw new Error(`no demo family ${parentSku}`);
  return found;
}

/** The family's child for one value of its attribute (`'5 l'`); one it lacks throws. */
export function demoChild(family: DemoConfigurable, label: string): DemoChild {
  const found = family.children.find((candidate) => candidate.valueLabel === label);
  if (!found) throw new Error(`no ${label} in ${family.parentSku}`);
  return found;
}

function image(sku: string, n: number, label: string, caption: string, colour: string): SeedImage {
  const fileName = `${sku.toLowerCase()}-${String(n)}.jpg`;
  return {
    file: `/${fileName.charAt(0)}/${fileName.charAt(1)}/${fileName}`,
    position: n,
    types: n === 1 ? ['image', 'small_image', 'thumbnail'] : [],
    label,
    caption,
    colour,
  };
}

const withImage = (attrs: Record<string, string>, images: readonly SeedImage[]): Record<string, string> => {
  const first = images[0]?.file ?? '';
  return { ...attrs, image: first, small_image: first, thumbnail: first };
};

/** A detergent's weight: the litres plus the can. */
const litres = (label: string): number => parseFloat(label);

export interface ConfigurableSeed {
  products: SeedProduct[];
  configurables: SeedConfigurable[];
  tierPrices: SeedTierPrice[];
}

/**
 * The families as seed products (parents first, each followed by its children), their links and tiers.
 * `positions` gives each category's next merchandising position (after the generated products).
 */
export function configurableSeed(
  seed: number,
  brand: string,
  attributes: readonly SeedAttribute[],
  nextPosition: (categoryId: number) => number,
): ConfigurableSeed {
  const facts = demoConfigurables(brand, attributes);
  const products: SeedProduct[] = [];
  const configurables: SeedConfigurable[] = [];
  FAMILY_SPECS.forEach((spec, i) => {
    const fact = facts[i];
    if (!fact) return;
    const family = FAMILIES[spec.family];
    const r = createRandom(seedFor(seed, `configurable:${spec.sku}`));
    const { createdAt, updatedAt } = catalogueDates(r);
    // As generated products: in the third-level category and its sub-category, not the audience root.
    const placed = [...spec.categoryIds];
    const audience = spec.audience === 'HG' ? 'home and garden' : 'professional';
    const values = spec.variants.map((v) => v.label).join(', ');
    const parentImages = [1, 2].map((n) =>
      image(spec.sku, n, `${fact.name} view ${String(n)}`, spec.noun ?? 'Detergent', family.colour),
    );
    products.push({
      sku: spec.sku,
      name: fact.name,
      price: 0,
      typeId: 'configurable',
      status: 1,
      visibility: 4,
      weight: 0,
      qty: 0,
      isInStock: spec.variants.some((v) => v.inStock !== false),
      categoryIds: placed,
      categoryPositions: Object.fromEntries(placed.map((id) => [id, nextPosition(id)])),
      createdAt,
      updatedAt,
      customAttributes: withImage(
        {
          url_key: fact.urlKey,
          short_description: `The ${spec.model} ${(spec.noun ?? 'detergent').toLowerCase()} ${spec.pitch}. Available as ${values}.`,
          description: `<p><strong>${fact.name.replace(/&/g, '&amp;')}</strong> ${spec.pitch}.</p><p>Designed for ${audience} use; choose from ${values}.</p>`,
          applications_attrib: family.applications.slice(0, 3).join('&&!&&'),
          ...spec.tech,
        },
        parentImages,
      ),
      images: parentImages,
      links: [],
    });
    const children = fact.children.map((child, k) => {
      const variant = spec.variants[k];
      const inStock = variant?.inStock !== false;
      const images = [image(child.sku, 1, child.name, child.valueLabel, family.colour)];
      const weight =
        spec.attribute === 'volume'
          ? Number((litres(child.valueLabel) * 1.05 + 0.08).toFixed(2))
          : (spec.weights?.[k] ?? 10);
      const tech: Record<string, string> = { ...spec.tech };
      if (spec.attribute === 'volume') tech['container_size'] = child.valueLabel;
      else tech['weight_kg'] = String(weight);
      return {
        sku: child.sku,
        name: child.name,
        price: child.price,
        status: 1 as const,
        visibility: 1 as const,
        weight,
        qty: inStock ? 20 + r.int(0, 180) : 0,
        isInStock: inStock,
        categoryIds: [],
        categoryPositions: {},
        createdAt,
        updatedAt,
        customAttributes: withImage(
          {
            url_key: slugify(child.name),
            short_description: `The ${spec.model} ${(spec.noun ?? 'detergent').toLowerCase()}, ${child.valueLabel}.`,
            supplier_code: child.model,
            list_price: child.price.toFixed(2),
            sales_price: exVat(child.price).toFixed(2),
            [spec.attribute]: String(child.valueId),
            ...tech,
          },
          images,
        ),
        images,
        links: [],
      } satisfies SeedProduct;
    });
    products.push(...children);
    configurables.push({
      parentSku: spec.sku,
      attributeCodes: [spec.attribute],
      childSkus: children.map((c) => c.sku),
    });
  });
  const tierPrices = demoTierPrices(facts).map((tier) => ({ ...tier }));
  return { products, configurables, tierPrices };
}
