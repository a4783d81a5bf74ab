/**
 * The objects the queries answer with. graphql-js's default resolver reads a field from its source object
 * and calls it when it is a method (with the field's arguments), so each GraphQL object type here is a
 * class whose members are named as the schema's fields; `__typename` picks an interface's concrete type.
 */
import { z } from 'zod';
import { USER_TYPE } from '../auth/auth.ts';
import { countRow, type Database } from '../db.ts';
import type { GraphQlContext } from '../graphql/context.ts';
import { gqlErrors } from './errors.ts';
import { phpInt } from './php.ts';
import { configurableAttributes, encodeUid, optionValueUid } from '../graphql/configurable.ts';
import { productById, productTypeName, productView } from '../graphql/product.ts';
import {
  countVisibleItems,
  ensureWishlist,
  findWishlist,
  itemConfig,
  visibleItems,
  wishlistOfCustomer,
  type WishlistItemRow,
  type WishlistRow,
} from './wishlists.ts';

/** The wish-list item type of each product type (`Type/WishlistItemType`). */
const ITEM_TYPES: Readonly<Record<string, string>> = {
  SimpleProduct: 'SimpleWishlistItem',
  VirtualProduct: 'VirtualWishlistItem',
  ConfigurableProduct: 'ConfigurableWishlistItem',
};

/** A list item's product, loaded once: `product` and the item's own type both need it. */
function itemProduct(context: GraphQlContext, row: WishlistItemRow) {
  const product = productById(context.db, row.product_id);
  return product && { typeId: product.type_id, view: productView(context.db, product, context.product) };
}

/** What both item types read alike from one visible row of a list and its product. */
abstract class ItemNodeBase {
  protected readonly row: WishlistItemRow;
  protected readonly itemProduct: ReturnType<typeof itemProduct>;

  constructor(context: GraphQlContext, row: WishlistItemRow) {
    this.row = row;
    this.itemProduct = itemProduct(context, row);
  }

  get description(): string | null {
    return this.row.description;
  }

  get added_at(): string {
    return this.row.added_at;
  }

  get product() {
    return this.itemProduct?.view ?? null;
  }
}

/** `WishlistItemInterface`: one visible row of a list (a `ConfigurableWishlistItem`'s fields too). */
export class WishlistItemNode extends ItemNodeBase {
  readonly #context: GraphQlContext;

  constructor(context: GraphQlContext, row: WishlistItemRow) {
    super(context, row);
    this.#context = context;
  }

  get __typename(): string {
    const typeId = this.itemProduct?.typeId ?? '';
    const type = ITEM_TYPES[productTypeName(typeId) ?? ''];
    // Magento fails the same way on a product type it has no item type for (not client-safe, so masked).
    if (!type) throw new Error(`Product "${typeId}" type is not supported`);
    return type;
  }

  get id(): string {
    return String(this.row.wishlist_item_id);
  }

  get quantity(): number {
    return this.row.qty;
  }

  /** Simple products in the embedded catalogue carry no custom options. */
  get customizable_options(): [] {
    return [];
  }

  /** The child the item's choice resolved to (`simple_product`), if any. */
  #child() {
    const childId = itemConfig(this.#context.db, this.row.wishlist_item_id)?.childId;
    return childId === undefined ? undefined : productById(this.#context.db, childId);
  }

  /**
   * `ConfigurableWishlistItem.child_sku` (Wishlist\ChildSku): the chosen child's SKU, or "" for an item
   * added without a choice. A choice that matched no child also answers "" here, where Magento's resolver
   * fails on the missing child (chosen: the item stays readable).
   */
  get child_sku(): string {
    return this.#child()?.sku ?? '';
  }

  /** `configured_variant` (Wishlist\ConfiguredVariant): the chosen child as a product, or null. */
  get configured_variant() {
    const child = this.#child();
    return child ? productView(this.#context.db, child, this.#context.product) : null;
  }

  /**
   * `configurable_options` (Wishlist\ConfigurableOptions over the type's `getSelectedAttributesInfo()`):
   * the values that chose the child, in the order they were given, with the attribute's store label and
   * the option's; none when no child was chosen (Magento keeps the `attributes` option only with one).
   */
  get configurable_options() {
    const { db } = this.#context;
    const config = itemConfig(db, this.row.wishlist_item_id);
    if (config?.childId === undefined) return [];
    const attributes = configurableAttributes(db, this.row.product_id);
    return config.superAttribute.flatMap(([attributeId, valueId]) => {
      const attribute = attributes.find((candidate) => candidate.attributeId === attributeId);
      const value = attribute?.values.find((candidate) => candidate.valueIndex === valueId);
      if (!attribute || !value) return [];
      return [
        {
          id: attributeId,
          configurable_product_option_uid: encodeUid(
            `configurable/${String(this.row.product_id)}/${String(attributeId)}`,
          ),
          option_label: attribute.label,
          value_id: valueId,
          configurable_product_option_value_uid: optionValueUid(attributeId, valueId),
          value_label: value.label,
        },
      ];
    });
  }
}

/** The deprecated `WishlistItem` type of `Wishlist.items`: `id` an Int, `qty` for `quantity`. */
export class LegacyWishlistItemNode extends ItemNodeBase {
  get id(): number {
    return this.row.wishlist_item_id;
  }

  get qty(): number {
    return this.row.qty;
  }
}

const pageArgs = z.object({
  currentPage: z.number().int().nullish(),
  pageSize: z.number().int().nullish(),
});

/**
 * `Wishlist` (and the deprecated `WishlistOutput`). Without a row it is Magento's empty array, which
 * webonyx answers as an object whose fields are all null (`wishlist_v2` of another customer's list), and
 * whose items fail like Magento's `Missing key "model"`.
 */
export class WishlistNode {
  readonly #context: GraphQlContext;
  readonly #row: WishlistRow | undefined;

  constructor(context: GraphQlContext, row: WishlistRow | undefined) {
    this.#context = context;
    this.#row = row;
  }

  #model(): WishlistRow {
    if (!this.#row) throw new Error('Missing key "model" in Wishlist value data');
    return this.#row;
  }

  get id(): string | null {
    return this.#row ? String(this.#row.wishlist_id) : null;
  }

  get items_count(): number | null {
    return this.#row ? countVisibleItems(this.#context.db, this.#row.wishlist_id) : null;
  }

  get sharing_code(): string | null {
    return this.#row?.sharing_code ?? null;
  }

  get updated_at(): string | null {
    return this.#row?.updated_at ?? null;
  }

  /** Always null in Open Source (`WishlistOutput.name`). */
  get name(): null {
    return null;
  }

  items(): LegacyWishlistItemNode[] {
    const { db } = this.#context;
    return visibleItems(db, this.#model().wishlist_id).map(
      (row) => new LegacyWishlistItemNode(this.#context, row),
    );
  }

  /**
   * `WishlistItems`: Magento's collection paging. A page past the end is the last page again
   * (`getCurPage()` clamps), there is always at least one page, and a size of 0 or less means no limit.
   */
  items_v2(args: unknown) {
    const { db } = this.#context;
    const wishlistId = this.#model().wishlist_id;
    const { currentPage, pageSize } = pageArgs.parse(args);
    const size = (pageSize ?? 20) > 0 ? (pageSize ?? 20) : 0;
    const count = countVisibleItems(db, wishlistId);
    const lastPage = count === 0 || size === 0 ? 1 : Math.ceil(count / size);
    const requested = (currentPage ?? 1) > 0 ? (currentPage ?? 1) : 1;
    const current = Math.min(requested, lastPage);
    const rows =
      size === 0 ? visibleItems(db, wishlistId) : visibleItems(db, wishlistId, { size, number: current });
    return {
      items: rows.map((row) => new WishlistItemNode(this.#context, row)),
      // The collection's page size is `false` when none was set; it goes out as null (derived).
      page_info: { current_page: current, page_size: size === 0 ? null : size, total_pages: lastPage },
    };
  }
}

const idArgs = z.object({ id: z.string() });

/** `Customer`: only its wish-list fields; the resolver of `Query.customer` has checked the caller. */
export class CustomerNode {
  readonly #context: GraphQlContext;
  readonly #customerId: number;

  constructor(context: GraphQlContext, customerId: number) {
    this.#context = context;
    this.#customerId = customerId;
  }

  /**
   * `Customer.id`, `ID!` in 2.4.9 (an `Int` always null before): the customer's uid, base64 of the entity
   * id as Magento's `Uid` encodes ids (derived: the 2.4.9 resolver was not read).
   */
  get id(): string {
    return encodeUid(String(this.#customerId));
  }

  /** The signed-in customer, whose lists these answer on any `Customer` (Magento reads the context's user). */
  get #owner(): number {
    const { customerId } = this.#context;
    if (customerId === undefined) throw gqlErrors.customerNotAuthorized();
    return customerId;
  }

  /** Open Source's one list, created on this first read; paging cannot page past it. */
  wishlists(): WishlistNode[] {
    return [new WishlistNode(this.#context, ensureWishlist(this.#context.db, this.#owner))];
  }

  /** Deprecated `Customer.wishlist` (`CustomerWishlistResolver`): the list, created if missing. */
  wishlist(): WishlistNode {
    return new WishlistNode(this.#context, ensureWishlist(this.#context.db, this.#owner));
  }

  /** `WishlistById`: a list by id, or the customer's own for an id casting to 0; another's is empty. */
  wishlist_v2(args: unknown): WishlistNode {
    const { db } = this.#context;
    const id = phpInt(idArgs.parse(args).id);
    const row = id > 0 ? findWishlist(db, id) : wishlistOfCustomer(db, this.#owner);
    return new WishlistNode(this.#context, row?.customer_id === this.#owner ? row : undefined);
  }
}

/** Whether the customer's sign-in is locked by the failed-attempt throttle (`auth/auth.ts`). */
function isSignInLocked(db: Database, customerId: number): boolean {
  const locked = db.get(
    countRow,
    `SELECT COUNT(*) AS n FROM customers c JOIN login_failures f ON f.user_type = ? AND f.username = c.email
     WHERE c.id = ? AND f.locked_until > ?`,
    USER_TYPE.customer,
    customerId,
    Math.floor(Date.now() / 1000),
  );
  return (locked?.n ?? 0) > 0;
}

/** `Query.customer` (CustomerGraphQl): a guest is refused first, then a locked account. */
export function customerQuery(context: GraphQlContext): CustomerNode {
  const { customerId } = context;
  if (customerId === undefined) throw gqlErrors.customerNotAuthorized();
  if (isSignInLocked(context.db, customerId)) throw gqlErrors.accountLocked();
  return new CustomerNode(context, customerId);
}

/** Deprecated `Query.wishlist` (`WishlistResolver`): the list as it is, never created here. */
export function wishlistQuery(context: GraphQlContext): WishlistNode {
  const { customerId } = context;
  if (customerId === undefined) throw gqlErrors.wishlistGuest();
  return new WishlistNode(context, wishlistOfCustomer(context.db, customerId));
}
