/**
 * B2B for Adobe Commerce's requisition lists as a part of the embedded GraphQL schema
 * (`../graphql/schema.ts`): `Customer.requisition_lists` on the `Customer` the wish-list part's `customer`
 * query answers, the ten mutations (sdl.ts says which it leaves out) and
 * `storeConfig.is_requisition_list_active`.
 */
import type { GraphQlContext } from '../graphql/context.ts';
import type { SchemaPart } from '../graphql/schema-part.ts';
import { copyItemsBetweenRequisitionLists, moveItemsBetweenRequisitionLists } from './between.ts';
import {
  addProductsToRequisitionList,
  createRequisitionList,
  deleteRequisitionList,
  deleteRequisitionListItems,
  updateRequisitionList,
  updateRequisitionListItems,
} from './mutations.ts';
import { customerRequisitionLists } from './nodes.ts';
import { REQUISITION_LISTS_SDL } from './sdl.ts';
import { addRequisitionListItemsToCart, clearCustomerCart } from './to-cart.ts';

export const requisitionListsPart: SchemaPart = {
  sdl: REQUISITION_LISTS_SDL,
  root: {
    createRequisitionList,
    updateRequisitionList,
    deleteRequisitionList,
    addProductsToRequisitionList,
    updateRequisitionListItems,
    deleteRequisitionListItems,
    addRequisitionListItemsToCart,
    copyItemsBetweenRequisitionLists,
    moveItemsBetweenRequisitionLists,
    clearCustomerCart,
  },
  // `btob/website_configuration/requisition_list_active`: on in this shop, as the String Adobe answers.
  storeConfig: () => ({ is_requisition_list_active: '1' }),
  fields: {
    Customer: {
      requisition_lists: (_source: unknown, args: unknown, context: GraphQlContext) =>
        customerRequisitionLists(context, args),
    },
  },
};
