/**
 * What a registration needs to know of a machine, read from Magento with the integration: its product
 * (`GET /V1/products/:sku`, or the first product of a model, `machine_model` = the model's option id), the
 * model's name (the option's label), its audience (the parent category its categories sit under,
 * AUDIENCE_ROOTS) and when it was created (the earliest purchase the catalogue can vouch for). The category
 * tree and the model options are kept for ten minutes: they change with the catalogue, not per request.
 */
import { z } from 'zod';
import { AUDIENCE_ROOTS } from '../../catalogue/category-tree.ts';
import { FIT_ATTRIBUTES } from '../../catalogue/fits.ts';
import type { Audience } from '../../catalogue/types.ts';
import {
  MagentoApiError,
  magentoFetch,
  searchCriteria,
  type IntegrationConfig,
} from '../../magento/client.ts';
import {
  magentoAttributeOptions,
  magentoCategoryTree,
  magentoProduct,
  type MagentoCategoryTree,
  type MagentoProduct,
} from '../../magento/wire/catalogue.ts';
import { modelKey } from './rules.ts';
import { keptFor } from '../../magento/kept.ts';

/** A machine as a registration names it. */
export interface MachineFacts {
  readonly sku: string;
  readonly name: string;
  /** The model, as Magento labels it, e.g. "K 5". */
  readonly model: string;
  readonly audience: Audience;
  /** Magento's `created_at`, or null. */
  readonly createdAt: string | null;
}

/** The product is in the catalogue but is no machine (no `machine_model`), or sits under neither audience. */
export class NotAMachine extends Error {
  constructor(sku: string) {
    super(`${sku} is not a machine`);
    this.name = 'NotAMachine';
  }
}

const KEEP_MS = 10 * 60_000;

/** `read` once per KEEP_MS per Magento (its promise shared; read again after a failure). */
function kept<T>(read: (magento: IntegrationConfig) => Promise<T>) {
  const byMagento = new Map<string, () => Promise<T>>();
  return (magento: IntegrationConfig): Promise<T> => {
    let reader = byMagento.get(magento.baseUrl);
    if (!reader) {
      reader = keptFor(KEEP_MS, () => read(magento));
      byMagento.set(magento.baseUrl, reader);
    }
    return reader();
  };
}

/** Every category id under each audience's root. */
const audienceOfCategory = kept(async (magento) => {
  const tree = await magentoFetch(magento, { path: '/categories', schema: magentoCategoryTree });
  const audiences = new Map<number, Audience>();
  const walk = (node: MagentoCategoryTree, audience: Audience | undefined) => {
    const own =
      audience ??
      (Object.entries(AUDIENCE_ROOTS).find(([, id]) => id === node.id)?.[0] as Audience | undefined);
    if (own) audiences.set(node.id, own);
    node.children_data.forEach((child) => walk(child, own));
  };
  walk(tree, undefined);
  return audiences;
});

/** The options of `machine_model`: label by option id. */
const modelOptions = kept(async (magento) => {
  const options = await magentoFetch(magento, {
    path: `/products/attributes/${FIT_ATTRIBUTES.model}/options`,
    schema: magentoAttributeOptions,
  });
  return options.filter((option) => option.label.trim() !== '' && option.value !== '');
});

const attribute = (product: MagentoProduct, code: string) =>
  product.custom_attributes?.find((entry) => entry.attribute_code === code)?.value;

async function factsOf(magento: IntegrationConfig, product: MagentoProduct): Promise<MachineFacts> {
  const optionId = attribute(product, FIT_ATTRIBUTES.model);
  const [options, audiences] = await Promise.all([modelOptions(magento), audienceOfCategory(magento)]);
  const model = options.find((option) => option.value === String(optionId ?? ''))?.label.trim();
  const audience = (product.extension_attributes?.category_links ?? [])
    .map((link) => audiences.get(link.category_id))
    .find((found) => found !== undefined);
  if (!model || !audience) throw new NotAMachine(product.sku);
  return { sku: product.sku, name: product.name, model, audience, createdAt: product.created_at ?? null };
}

/** The machine with this sku; undefined when Magento has no such product. */
export async function machineBySku(
  magento: IntegrationConfig,
  sku: string,
): Promise<MachineFacts | undefined> {
  try {
    const product = await magentoFetch(magento, {
      path: `/products/${encodeURIComponent(sku)}`,
      schema: magentoProduct,
    });
    return await factsOf(magento, product);
  } catch (error) {
    if (error instanceof MagentoApiError && error.status === 404) return undefined;
    throw error;
  }
}

const productPage = z.object({ items: z.array(magentoProduct) }).loose();

/** The first product of the model ("k5" is "K 5"), the oldest: undefined when no product is that model. */
export async function machineByModel(
  magento: IntegrationConfig,
  model: string,
): Promise<MachineFacts | undefined> {
  const option = (await modelOptions(magento)).find((entry) => modelKey(entry.label) === modelKey(model));
  if (!option) return undefined;
  const query = searchCriteria({
    filters: [{ field: FIT_ATTRIBUTES.model, value: option.value }],
    sort: [{ field: 'created_at', direction: 'ASC' }],
    pageSize: 1,
    currentPage: 1,
  });
  const found = await magentoFetch(magento, { path: `/products?${query}`, schema: productPage });
  const product = found.items[0];
  return product && factsOf(magento, product);
}
