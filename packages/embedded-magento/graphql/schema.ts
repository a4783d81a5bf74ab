/**
 * One executable schema made of parts, as Magento merges every module's `schema.graphqls` into one: the
 * shared catalogue types (`catalog-sdl.ts`) with `Query.products` (`products.ts`), the wish list
 * (`../wishlist/part.ts`), the reviews (`../reviews/part.ts`) and the customer's orders with their invoices
 * (`../customer-orders/part.ts`), Mage-OS's returns (`../returns/part.ts`) the stock and price alerts
 * (`../product-alerts/part.ts`), and B2B for Adobe Commerce's companies, purchase orders, negotiable quotes
 * and requisition lists (`../company/`, `../purchase-orders/`, `../negotiable-quotes/`, `../requisition-lists/`). Each part brings its SDL (extending
 * `Query`, `Mutation`, `StoreConfig` and the product types), the resolvers of its root fields, its
 * `storeConfig` fields and resolvers of fields it adds to other parts' types.
 */
import { buildSchema, isInterfaceType, isObjectType, type GraphQLSchema } from 'graphql';
import { companyPart } from '../company/part.ts';
import { customerOrdersPart } from '../customer-orders/part.ts';
import { pickupPart } from '../inventory/graphql.ts';
import { negotiableQuotesPart } from '../negotiable-quotes/part.ts';
import { productAlertsPart } from '../product-alerts/part.ts';
import { purchaseOrdersPart } from '../purchase-orders/part.ts';
import { requisitionListsPart } from '../requisition-lists/part.ts';
import { returnsPart } from '../returns/part.ts';
import { reviewsPart } from '../reviews/part.ts';
import { wishlistPart } from '../wishlist/part.ts';
import { CATALOG_SDL } from './catalog-sdl.ts';
import { productsQuery } from './products.ts';
import type { GraphQlContext } from './context.ts';
import type { SchemaPart } from './schema-part.ts';

export interface ExecutableSchema {
  readonly schema: GraphQLSchema;
  readonly rootValue: Readonly<Record<string, unknown>>;
}

/** The catalogue's own part: `products` and the `storeConfig` fields every storefront reads. */
const catalogPart: SchemaPart = {
  sdl: CATALOG_SDL,
  root: { products: productsQuery },
  storeConfig: () => ({
    // The storefront's product URLs are `/<url_key>`, as `ProductInterface.url_suffix` says.
    product_url_suffix: '',
    // The one store view, under Magento's code for the default store view.
    store_code: 'default',
  }),
};

/** Sets `field.resolve` for each part's `fields`, on the type named or, for an interface, its types. */
function attachFieldResolvers(schema: GraphQLSchema, part: SchemaPart): void {
  for (const [typeName, resolvers] of Object.entries(part.fields ?? {})) {
    const type = schema.getType(typeName);
    const objects = isInterfaceType(type)
      ? schema.getPossibleTypes(type)
      : isObjectType(type)
        ? [type]
        : undefined;
    if (!objects) throw new Error(`${typeName} is no object or interface type of the schema`);
    for (const object of objects) {
      for (const [fieldName, resolve] of Object.entries(resolvers)) {
        const field = object.getFields()[fieldName];
        if (!field) throw new Error(`${object.name}.${fieldName} is not in the schema`);
        field.resolve = resolve;
      }
    }
  }
}

export function buildGraphQlSchema(parts: readonly SchemaPart[]): ExecutableSchema {
  const schema = buildSchema(parts.map((part) => part.sdl).join('\n'));
  for (const part of parts) attachFieldResolvers(schema, part);
  const root: Record<string, unknown> = Object.assign({}, ...parts.map((part) => part.root ?? {}));
  root['storeConfig'] = (_args: unknown, context: GraphQlContext) =>
    Object.assign({}, ...parts.map((part) => part.storeConfig?.(context) ?? {}));
  return { schema, rootValue: root };
}

/** The embedded back end's schema: Magento Open Source 2.4's, reduced to what its parts serve. */
export const magentoSchema = buildGraphQlSchema([
  catalogPart,
  wishlistPart,
  reviewsPart,
  customerOrdersPart,
  returnsPart,
  pickupPart,
  productAlertsPart,
  companyPart,
  purchaseOrdersPart,
  negotiableQuotesPart,
  requisitionListsPart,
]);
