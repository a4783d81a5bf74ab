/**
 * Request bodies as zod schemas that bind the way Magento's ServiceInputProcessor does (CONTRACT.md §1.3):
 * top-level keys are the service method's parameter names in camelCase or snake_case, nested DTO keys in
 * snake_case or camelCase, scalars cast to the declared type as PHP's `settype()` would, unknown fields
 * refused (2.4.7+), and missing required parameters reported together. `bindBody` parses and turns the
 * issues into Magento's exact message through one error map (`magentoError`), so a route's handler
 * receives a typed body. The same schemas make the back end's OpenAPI document (`http/openapi.ts`).
 */
import { z } from 'zod';
import { errors, type MagentoError } from './errors.ts';
import { isRecord } from './json.ts';

/** Why a value was refused, carried on a custom issue for the error map. */
type Refusal = { readonly refused: 'missing' } | { readonly refused: 'type'; readonly type: string };

const toSnakeCase = (key: string): string => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const toCamelCase = (key: string): string => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** PHP 8's is_numeric() for strings: optional surrounding white space, decimal or exponent notation, no hex. */
const PHP_NUMERIC = /^[ \t\n\r\v\f]*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?[ \t\n\r\v\f]*$/;

/** PHP 8's is_numeric() for a string. */
export const isPhpNumeric = (value: string): boolean => PHP_NUMERIC.test(value);

// TypeProcessor::setType: the cast value, or undefined when Magento refuses it. settype() makes true "1"
// and false "" (a special price's `"price_to": false` is no date).
const toText = (value: unknown): string | undefined => {
  if (typeof value === 'boolean') return value ? '1' : '';
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
};

/** Anything PHP's is_numeric() refuses (booleans included) is refused before settype(). */
const toNumber = (value: unknown): number | undefined => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  return typeof value === 'string' && PHP_NUMERIC.test(value) ? Number(value) : undefined;
};

const toBool = (value: unknown): boolean | undefined => {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === '1' || value === 'true') return true;
  if (value === 0 || value === '0' || value === 'false' || value === '') return false;
  return undefined;
};

/** A scalar Magento declares as `type` (OpenAPI's `openApiType`); a left-out value is missing. */
function scalar<T>(type: string, openApiType: string, cast: (value: unknown) => T | undefined) {
  return z
    .unknown()
    .transform((value, context): T => {
      const result = cast(value);
      if (result !== undefined) return result;
      const params: Refusal = value === undefined ? { refused: 'missing' } : { refused: 'type', type };
      context.addIssue({ code: 'custom', input: value, params });
      return z.NEVER;
    })
    .meta({ type: openApiType });
}

export const m = {
  string: () => scalar('string', 'string', toText),
  int: () =>
    scalar('int', 'integer', (value) => {
      const number = toNumber(value);
      return number === undefined ? undefined : Math.trunc(number);
    }),
  float: () => scalar('float', 'number', toNumber),
  bool: () => scalar('bool', 'boolean', toBool),
  /** Kept as sent (extension and custom attributes we store without looking inside). */
  mixed: () => z.unknown(),
  /** An array of `item`; a lone scalar is wrapped into a one-element array, as Magento does. */
  array: <T extends z.ZodType>(item: T) =>
    z.preprocess(
      (value) => (value === null || typeof value === 'object' ? value : [value]),
      z.array(item.nullable()),
    ),
  /** A data interface: every field optional or null, keys in either case, unknown ones refused (or kept if `open`). */
  dto: <S extends Record<string, z.ZodType>>(fields: S, options: { open?: boolean } = {}) => {
    const shape = nullable(fields);
    const object = (options.open ? z.looseObject(shape) : z.strictObject(shape)).partial();
    return z.preprocess((value) => renameKeys(value, (key) => known(fields, toSnakeCase(key))), object);
  },
  /** A service method's body parameters, camelCase as PHP declares them; null counts as left out. */
  params: <S extends Record<string, z.ZodType>>(shape: S) =>
    z.preprocess(
      (value) =>
        renameKeys(
          isRecord(value)
            ? Object.fromEntries(Object.entries(value).filter(([, field]) => field !== null))
            : {},
          (key) => known(shape, key) ?? known(shape, toCamelCase(key)),
        ),
      z.strictObject(shape),
    ),
};

/** Every field of a data interface may be sent as null, which Magento keeps as null. */
const nullable = <S extends Record<string, z.ZodType>>(fields: S) =>
  // Object.fromEntries loses the keys' types; the map keeps them one for one.
  Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, field.nullable()])) as {
    [K in keyof S]: z.ZodNullable<S[K]>;
  };

const known = (shape: object, key: string): string | undefined => (key in shape ? key : undefined);

/** The object with its keys renamed to the schema's where `rename` knows them. */
function renameKeys(value: unknown, rename: (key: string) => string | undefined): unknown {
  if (!isRecord(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, field]) => [rename(key) ?? key, field]));
}

/** The name Magento reports for an issue: the innermost field (an array item reports its array). */
const fieldOf = (path: readonly PropertyKey[]): string =>
  String([...path].reverse().find((segment) => typeof segment === 'string') ?? '');

const isRefusal = (value: unknown): value is Refusal =>
  isRecord(value) && typeof value['refused'] === 'string';

/**
 * The one error map: zod's issues as Magento's message. A refused value or an unknown field is reported
 * first (Magento throws on the first it meets); otherwise the missing parameters, aggregated.
 */
export function magentoError(issues: readonly z.core.$ZodIssue[]): MagentoError {
  const missing: string[] = [];
  for (const issue of issues) {
    const field = fieldOf(issue.path);
    if (issue.code === 'unrecognized_keys') return errors.notSupportedField(issue.keys[0] ?? '');
    const refusal = issue.code === 'custom' && isRefusal(issue.params) ? issue.params : undefined;
    if (refusal?.refused === 'missing' || (issue.code === 'invalid_type' && issue.input === undefined)) {
      missing.push(field);
    } else if (refusal?.refused === 'type') {
      return errors.typeInvalid(field, issue.input, refusal.type);
    } else if (issue.code === 'invalid_type') {
      return errors.typeInvalid(field, issue.input, issue.expected);
    } else {
      return errors.typeInvalid(field, issue.input, 'mixed');
    }
  }
  return errors.required(missing);
}

/** The body bound to a route's parameters, or Magento's error for it. */
export function bindBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body, { reportInput: true });
  if (!result.success) throw magentoError(result.error.issues);
  return result.data;
}

// ---- The data interfaces the storefront's calls carry ----------------------------------------------

const extension = m.mixed;

export const regionDto = m.dto({
  region_code: m.string(),
  region: m.string(),
  region_id: m.int(),
  extension_attributes: extension(),
});

/** The fields both address interfaces (quote and customer) declare. */
const addressFields = {
  id: m.int(),
  region_id: m.int(),
  country_id: m.string(),
  street: m.array(m.string()),
  company: m.string(),
  telephone: m.string(),
  fax: m.string(),
  postcode: m.string(),
  city: m.string(),
  firstname: m.string(),
  lastname: m.string(),
  middlename: m.string(),
  prefix: m.string(),
  suffix: m.string(),
  vat_id: m.string(),
  customer_id: m.int(),
  extension_attributes: extension(),
  custom_attributes: extension(),
};

export const quoteAddressDto = m.dto({
  ...addressFields,
  region: m.string(),
  region_code: m.string(),
  email: m.string(),
  same_as_billing: m.int(),
  customer_address_id: m.int(),
  save_in_address_book: m.int(),
});
export type QuoteAddressInput = z.output<typeof quoteAddressDto>;

export const customerAddressDto = m.dto({
  ...addressFields,
  region: regionDto,
  default_shipping: m.bool(),
  default_billing: m.bool(),
});
export type CustomerAddressInput = z.output<typeof customerAddressDto>;

export const customerDto = m.dto({
  id: m.int(),
  group_id: m.int(),
  default_billing: m.string(),
  default_shipping: m.string(),
  confirmation: m.string(),
  created_at: m.string(),
  updated_at: m.string(),
  created_in: m.string(),
  dob: m.string(),
  email: m.string(),
  firstname: m.string(),
  lastname: m.string(),
  middlename: m.string(),
  prefix: m.string(),
  suffix: m.string(),
  gender: m.int(),
  store_id: m.int(),
  taxvat: m.string(),
  website_id: m.int(),
  addresses: m.array(customerAddressDto),
  disable_auto_group_change: m.int(),
  extension_attributes: m.dto({ is_subscribed: m.bool() }, { open: true }),
  custom_attributes: extension(),
});
export type CustomerInput = z.output<typeof customerDto>;

/** `ConfigurableItemOptionValueInterface`: the attribute id (a string) and the chosen option id (an int). */
const configurableItemOptionDto = m.dto({
  option_id: m.string(),
  option_value: m.int(),
  extension_attributes: extension(),
});

/**
 * A cart item's `ProductOptionInterface`: Open Source's extension attributes, of which the cart reads the
 * configurable's chosen options; the others are accepted and left alone.
 */
export const productOptionDto = m.dto({
  extension_attributes: m.dto({
    custom_options: m.mixed(),
    bundle_options: m.mixed(),
    downloadable_option: m.mixed(),
    configurable_item_options: m.array(configurableItemOptionDto),
  }),
});
export type ProductOptionInput = z.output<typeof productOptionDto>;

export const cartItemDto = m.dto({
  item_id: m.int(),
  sku: m.string(),
  qty: m.float(),
  name: m.string(),
  price: m.float(),
  product_type: m.string(),
  quote_id: m.string(),
  product_option: productOptionDto,
  extension_attributes: extension(),
});
export type CartItemInput = z.output<typeof cartItemDto>;

export const shippingInformationDto = m.dto({
  shipping_address: quoteAddressDto,
  billing_address: quoteAddressDto,
  shipping_method_code: m.string(),
  shipping_carrier_code: m.string(),
  extension_attributes: extension(),
  custom_attributes: extension(),
});
export type ShippingInformationInput = z.output<typeof shippingInformationDto>;

/** Checkout's `TotalsInformationInterface`: an address and a method to price without saving them. */
export const totalsInformationDto = m.dto({
  address: quoteAddressDto,
  shipping_method_code: m.string(),
  shipping_carrier_code: m.string(),
  extension_attributes: extension(),
  custom_attributes: extension(),
});

export const paymentMethodDto = m.dto({
  po_number: m.string(),
  method: m.string(),
  additional_data: m.array(m.string()),
  extension_attributes: extension(),
});
export type PaymentMethodInput = z.output<typeof paymentMethodDto>;

export const productDto = m.dto({
  id: m.int(),
  sku: m.string(),
  name: m.string(),
  attribute_set_id: m.int(),
  price: m.float(),
  status: m.int(),
  visibility: m.int(),
  type_id: m.string(),
  created_at: m.string(),
  updated_at: m.string(),
  weight: m.float(),
  extension_attributes: extension(),
  product_links: m.array(m.mixed()),
  options: extension(),
  media_gallery_entries: m.array(m.mixed()),
  tier_prices: extension(),
  custom_attributes: m.array(m.dto({ attribute_code: m.string(), value: m.mixed() })),
});
export type ProductInput = z.output<typeof productDto>;

/** OrderInterface is large and only partly modelled: fields we do not list are kept. */
export const orderDto = m.dto({ entity_id: m.int(), status: m.string(), state: m.string() }, { open: true });
export type OrderInput = z.output<typeof orderDto>;
