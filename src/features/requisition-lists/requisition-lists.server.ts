/**
 * A signed-in customer's requisition lists in Magento (B2B for Adobe Commerce's GraphQL), as the storefront
 * server reads and changes them: always the lists of the customer whose token is given. Magento's failures
 * come back as `MagentoGraphqlError`.
 */
import { magentoGraphql, type MagentoGraphqlConfig } from '../../magento/graphql.ts';
import {
  ADD_TO_REQUISITION_LIST,
  CREATE_REQUISITION_LIST,
  DELETE_REQUISITION_LIST,
  DELETE_REQUISITION_LIST_ITEMS,
  READ_REQUISITION_LISTS,
  RENAME_REQUISITION_LIST,
  REQUISITION_LIST_TO_CART,
  UPDATE_REQUISITION_LIST_ITEMS,
  type RequisitionListWire,
} from '../../magento/wire/requisition-lists.ts';
import type { RequisitionList, RequisitionListsAnswer, ToBasketAnswer } from './answer.ts';

function toList(wire: RequisitionListWire): RequisitionList {
  return {
    uid: wire.uid,
    name: wire.name,
    description: wire.description ?? null,
    updatedAt: wire.updated_at ?? null,
    lines: (wire.requisition_list_items?.items ?? []).flatMap((item) =>
      item?.product
        ? [
            {
              uid: item.uid,
              sku: item.product.sku,
              name: item.product.name ?? item.product.sku,
              href: item.product.url_key ? `/${item.product.url_key}` : null,
              quantity: item.quantity,
            },
          ]
        : [],
    ),
  };
}

export async function readLists(
  magento: MagentoGraphqlConfig,
  token: string,
): Promise<RequisitionListsAnswer> {
  const lists = await magentoGraphql(magento, READ_REQUISITION_LISTS, { token });
  return { lists: lists.map(toList) };
}

export async function createList(
  magento: MagentoGraphqlConfig,
  token: string,
  name: string,
): Promise<string | null> {
  const list = await magentoGraphql(magento, CREATE_REQUISITION_LIST, { token, variables: { name } });
  return list?.uid ?? null;
}

export async function renameList(magento: MagentoGraphqlConfig, token: string, uid: string, name: string) {
  await magentoGraphql(magento, RENAME_REQUISITION_LIST, { token, variables: { uid, name } });
}

export async function deleteList(magento: MagentoGraphqlConfig, token: string, uid: string) {
  await magentoGraphql(magento, DELETE_REQUISITION_LIST, { token, variables: { uid } });
}

export async function addLines(
  magento: MagentoGraphqlConfig,
  token: string,
  uid: string,
  lines: readonly { readonly sku: string; readonly quantity: number }[],
) {
  await magentoGraphql(magento, ADD_TO_REQUISITION_LIST, { token, variables: { uid, items: lines } });
}

export async function setQuantity(
  magento: MagentoGraphqlConfig,
  token: string,
  uid: string,
  itemUid: string,
  quantity: number,
) {
  await magentoGraphql(magento, UPDATE_REQUISITION_LIST_ITEMS, {
    token,
    variables: { uid, items: [{ item_id: itemUid, quantity }] },
  });
}

export async function removeLine(magento: MagentoGraphqlConfig, token: string, uid: string, itemUid: string) {
  await magentoGraphql(magento, DELETE_REQUISITION_LIST_ITEMS, {
    token,
    variables: { uid, itemUids: [itemUid] },
  });
}

/** The chosen lines (every line for none) into the customer's basket, Magento's active cart. */
export async function toBasket(
  magento: MagentoGraphqlConfig,
  token: string,
  uid: string,
  itemUids: readonly string[],
): Promise<ToBasketAnswer> {
  const variables = itemUids.length > 0 ? { uid, itemUids } : { uid };
  const answer = (await magentoGraphql(magento, REQUISITION_LIST_TO_CART, { token, variables }))
    .addRequisitionListItemsToCart;
  return {
    added: answer?.status ?? false,
    problems: (answer?.add_requisition_list_items_to_cart_user_errors ?? []).flatMap((error) =>
      error ? [error.message] : [],
    ),
  };
}
