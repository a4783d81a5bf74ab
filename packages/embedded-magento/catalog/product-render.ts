/**
 * One item of `GET /V1/products-render-info`: `ProductRenderInterface` in its getters' order, with what
 * Magento's collectors put in it (`Catalog\Ui\DataProvider\Product\Listing\Collector\*`: the URL and the
 * add-to-cart and compare buttons, the product's facts, its pictures, its prices and their HTML; the Tax,
 * Wishlist and Review modules' extension attributes). The prices come worked out (render-info.ts).
 */
import { z } from 'zod';
import { sqlNumber } from '../db.ts';
import { roundMoney } from '../money.ts';
import type { StoreSettings } from '../store-view.ts';

/** What an item is made of: the product's columns and the two attributes it shows, read in SQL. */
export const renderRow = z.object({
  id: sqlNumber,
  sku: z.string(),
  name: z.string(),
  type_id: z.string(),
  price: sqlNumber,
  url_key: z.unknown(),
  small_image: z.unknown(),
});
export type RenderRow = z.output<typeof renderRow>;
/** `renderRow`'s columns, of the products table as `p`. */
export const RENDER_COLUMNS = `p.id, p.sku, p.name, p.type_id, p.price,
  json_extract(p.attributes, '$.url_key') AS url_key,
  json_extract(p.attributes, '$.small_image') AS small_image`;

/** The numbers of `PriceInfoInterface`, for a guest at the store's wall clock `at`. */
export interface RenderPrices {
  readonly final: number;
  readonly max: number;
  readonly maxRegular: number;
  readonly minimalRegular: number;
  /** The special price while it applies (a simple product's own), else null. */
  readonly special: number | null;
  readonly minimal: number;
  readonly regular: number;
}

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * `PriceCurrency::format($amount, includeContainer: true, …, $currencyCode)` as the en_GB locale writes it:
 * `<span class="price">£1,249.99</span>`. A code that is no currency is written in the store's.
 */
function formatPrice(amount: number, currencyCode: string, store: StoreSettings): string {
  const code = /^[A-Za-z]{3}$/.test(currencyCode) ? currencyCode.toUpperCase() : store.currency;
  let format = formatters.get(code);
  if (!format) {
    format = new Intl.NumberFormat('en-GB', { style: 'currency', currency: code });
    formatters.set(code, format);
  }
  return `<span class="price">${format.format(amount)}</span>`;
}

/**
 * `PriceInfoInterface` in its getters' order, and its formatted twin (`FormattedPriceInfoBuilder` formats
 * every number it holds; a price that is not set stays null).
 */
function priceInfo(prices: RenderPrices, currencyCode: string, store: StoreSettings) {
  const money = (amount: number | null) => (amount === null ? null : roundMoney(amount));
  const formatted = (amount: number | null) =>
    amount === null ? null : formatPrice(roundMoney(amount), currencyCode, store);
  return {
    final_price: money(prices.final),
    max_price: money(prices.max),
    max_regular_price: money(prices.maxRegular),
    minimal_regular_price: money(prices.minimalRegular),
    special_price: money(prices.special),
    minimal_price: money(prices.minimal),
    regular_price: money(prices.regular),
    formatted_prices: {
      final_price: formatted(prices.final),
      max_price: formatted(prices.max),
      minimal_price: formatted(prices.minimal),
      max_regular_price: formatted(prices.maxRegular),
      minimal_regular_price: formatted(prices.minimalRegular),
      special_price: formatted(prices.special),
      regular_price: formatted(prices.regular),
    },
  };
}

/** `PostHelper::getPostData`: the action and its data as JSON, slashes escaped as PHP's encoder does. */
const postData = (action: string, data: Record<string, string>) =>
  JSON.stringify({ action, data }).replace(/\//g, '\\/');

/** The product's picture in the sizes of Magento's recently-viewed widgets (`Listing\Collector\Image`). */
function images(row: RenderRow) {
  const file = row.small_image;
  if (typeof file !== 'string' || file === '' || file === 'no_selection') return [];
  const url = `/media/catalog/product${file.startsWith('/') ? '' : '/'}${file}`;
  return [
    ['recently_viewed_products_grid_content_widget', 240, 300],
    ['recently_viewed_products_list_content_widget', 270, 340],
  ].map(([code, width, height]) => ({
    url,
    code,
    height,
    width,
    label: row.name,
    resized_width: width,
    resized_height: height,
  }));
}

/** One `ProductRenderInterface`, in its getters' order, with what the collectors put in it. */
export function productRender(
  row: RenderRow,
  prices: RenderPrices,
  request: RenderRequest,
  store: StoreSettings,
): ProductRender {
  const urlKey = row.url_key;
  const id = String(row.id);
  const addToCart = `/checkout/cart/add/uenc/%25uenc%25/product/${id}/`;
  const info = priceInfo(prices, request.currencyCode, store);
  return {
    add_to_cart_button: {
      post_data: postData(addToCart, { product: id, uenc: '%uenc%' }),
      url: addToCart,
      required_options: row.type_id === 'configurable',
    },
    add_to_compare_button: {
      post_data: null,
      url: postData('/catalog/product_compare/add/', { product: id, uenc: '%uenc%' }),
      required_options: null,
    },
    price_info: {
      ...info,
      // The Tax module's collector: the same prices excluding tax, which this back end does not charge.
      extension_attributes: {
        tax_adjustments: {
          final_price: info.final_price,
          max_price: info.max_price,
          max_regular_price: info.max_price,
          minimal_regular_price: info.minimal_price,
          special_price: info.final_price,
          minimal_price: info.minimal_price,
          regular_price: info.regular_price,
          formatted_prices: {
            final_price: info.formatted_prices.final_price,
            max_price: info.formatted_prices.max_price,
            minimal_price: info.formatted_prices.minimal_price,
            max_regular_price: info.formatted_prices.max_price,
            minimal_regular_price: info.formatted_prices.minimal_price,
            special_price: info.formatted_prices.final_price,
            regular_price: info.formatted_prices.regular_price,
          },
        },
      },
    },
    images: images(row),
    url:
      typeof urlKey === 'string' && urlKey !== ''
        ? `/${urlKey}.html`
        : `/catalog/product/view/id/${id}/s/${encodeURIComponent(row.sku.toLowerCase())}/`,
    id: row.id,
    name: row.name,
    type: row.type_id,
    // `isSalable()` as PHP casts it to the declared string: a listed product is in stock.
    is_salable: '1',
    store_id: request.storeId,
    currency_code: request.currencyCode,
    extension_attributes: {
      wishlist_button: {
        post_data: null,
        url: postData('/wishlist/index/add/', { product: id, uenc: '%uenc%' }),
        required_options: null,
      },
      review_html: '',
    },
  };
}

/** What a render-info request asks for besides its search criteria. */
export interface RenderRequest {
  readonly storeId: number;
  readonly currencyCode: string;
}

/** `PriceInfoInterface` as the answer carries it (amounts rounded to pence; null where not set). */
export interface RenderPriceInfo {
  readonly final_price: number | null;
  readonly max_price: number | null;
  readonly max_regular_price: number | null;
  readonly minimal_regular_price: number | null;
  readonly special_price: number | null;
  readonly minimal_price: number | null;
  readonly regular_price: number | null;
  readonly formatted_prices: Readonly<Record<string, string | null>>;
  readonly extension_attributes?: unknown;
}

/** One item of the answer (`ProductRenderInterface`). */
export interface ProductRender {
  readonly add_to_cart_button: unknown;
  readonly add_to_compare_button: unknown;
  readonly price_info: RenderPriceInfo;
  readonly images: readonly unknown[];
  readonly url: string;
  readonly id: number;
  readonly name: string;
  readonly type: string;
  readonly is_salable: string;
  readonly store_id: number;
  readonly currency_code: string;
  readonly extension_attributes: unknown;
}
