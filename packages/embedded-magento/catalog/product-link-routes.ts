/**
 * The product-link routes of `Catalog/etc/webapi.xml`, every one behind `Magento_Catalog::catalog`: the
 * link types, a product's links of one type, adding links, saving one and deleting one. A merchant's
 * tools edit a product's related products, up-sells and cross-sells here (`product-links.ts`).
 */
import type { Database } from '../db.ts';
import { withBody, type Route } from '../http/route.ts';
import { m } from '../input.ts';
import {
  deleteProductLink,
  linkedItemsByType,
  linkTypes,
  saveProductLink,
  setProductLinks,
} from './product-links.ts';

/** `ProductLinkInterface` as a request names it. */
const productLinkDto = m.dto({
  sku: m.string(),
  link_type: m.string(),
  linked_product_sku: m.string(),
  linked_product_type: m.string(),
  position: m.int(),
  extension_attributes: m.dto({ qty: m.float() }),
});
const itemsBody = m.params({ items: m.array(productLinkDto) });
const entityBody = m.params({ entity: productLinkDto });

export function productLinkRoutes(db: Database): Route[] {
  const resource = 'Magento_Catalog::catalog';
  const param = (params: Readonly<Record<string, string>>, name: string) => params[name] ?? '';
  return [
    { method: 'GET', path: '/V1/products/links/types', resource, handle: () => linkTypes() },
    {
      method: 'GET',
      path: '/V1/products/:sku/links/:type',
      resource,
      handle: ({ params }) => linkedItemsByType(db, param(params, 'sku'), param(params, 'type')),
    },
    {
      method: 'POST',
      path: '/V1/products/:sku/links',
      resource,
      ...withBody(itemsBody, ({ params }, { items }) =>
        setProductLinks(
          db,
          param(params, 'sku'),
          items.filter((item) => item !== null),
        ),
      ),
    },
    {
      method: 'PUT',
      path: '/V1/products/:sku/links',
      resource,
      ...withBody(entityBody, ({ params }, { entity }) => saveProductLink(db, param(params, 'sku'), entity)),
    },
    {
      method: 'DELETE',
      path: '/V1/products/:sku/links/:type/:linkedProductSku',
      resource,
      handle: ({ params }) =>
        deleteProductLink(db, param(params, 'sku'), param(params, 'type'), param(params, 'linkedProductSku')),
    },
  ];
}
