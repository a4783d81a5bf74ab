/**
 * Binds a JSON request body to a service method's parameters the way Magento's ServiceInputProcessor does
 * (CONTRACT.md §1.3): top-level keys are parameter names in camelCase or snake_case, nested DTO keys in
 * snake_case or camelCase, scalars cast to the declared type, unknown fields rejected (2.4.7+), missing
 * required parameters reported with Magento's exact (aggregate) message. We describe each DTO with a tiny
 * type table instead of zod because the errors must be Magento's wording, field by field.
 */
import { errors } from './errors.ts';
import { isRecord } from './json.ts';

export type FieldType =
  'string' | 'int' | 'float' | 'bool' | 'mixed' | { readonly array: FieldType } | { readonly dto: Dto };

export interface Dto {
  readonly fields: Readonly<Record<string, FieldType>>;
  /** Accept fields not listed (large interfaces such as OrderInterface that we only partly model). */
  readonly open?: boolean;
}

export type Params = Readonly<Record<string, { readonly type: FieldType; readonly required?: boolean }>>;

export type Input = Record<string, unknown>;

export const toSnakeCase = (key: string): string => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const toCamelCase = (key: string): string => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** PHP 8's is_numeric() for strings: optional surrounding white space, decimal or exponent notation, no hex. */
const PHP_NUMERIC = /^[ \t\n\r\v\f]*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?[ \t\n\r\v\f]*$/;

function castScalar(value: unknown, type: 'string' | 'int' | 'float' | 'bool', field: string): unknown {
  const typeName = type === 'bool' ? 'bool' : type;
  switch (type) {
    case 'string':
      if (typeof value === 'string') return value;
      if (typeof value === 'number' || typeof value === 'boolean') return String(value);
      break;
    case 'int':
    case 'float': {
      // TypeProcessor::setType refuses anything PHP's is_numeric() refuses (booleans included) before settype().
      if (typeof value === 'number' && Number.isFinite(value)) {
        return type === 'int' ? Math.trunc(value) : value;
      }
      if (typeof value === 'string' && PHP_NUMERIC.test(value)) {
        return type === 'int' ? Math.trunc(Number(value)) : Number(value);
      }
      break;
    }
    case 'bool':
      if (typeof value === 'boolean') return value;
      if (value === 1 || value === '1' || value === 'true') return true;
      if (value === 0 || value === '0' || value === 'false' || value === '') return false;
      break;
  }
  throw errors.typeInvalid(field, value, typeName);
}

function processValue(value: unknown, type: FieldType, field: string): unknown {
  if (value === null) return null;
  if (type === 'mixed') return value;
  if (typeof type === 'string') {
    if (typeof value === 'object') throw errors.typeInvalid(field, value, type);
    return castScalar(value, type, field);
  }
  if ('array' in type) {
    if (!Array.isArray(value)) {
      // Magento wraps a lone value into a one-element array only for scalars.
      if (typeof value !== 'object') return [processValue(value, type.array, field)];
      throw errors.typeInvalid(field, value, 'array');
    }
    return value.map((item) => processValue(item, type.array, field));
  }
  if (!isRecord(value)) throw errors.typeInvalid(field, value, 'object');
  return processDto(value, type.dto);
}

export function processDto(value: Record<string, unknown>, dto: Dto): Input {
  const out: Input = {};
  for (const [rawKey, rawValue] of Object.entries(value)) {
    const key = toSnakeCase(rawKey);
    const type = dto.fields[key];
    if (type === undefined) {
      if (dto.open) {
        out[key] = rawValue;
        continue;
      }
      throw errors.notSupportedField(rawKey);
    }
    out[key] = processValue(rawValue, type, key);
  }
  return out;
}

/** Binds the body to the parameters; path parameters have been merged by the caller. */
export function processParams(body: unknown, params: Params): Input {
  const source: Record<string, unknown> = isRecord(body) ? body : {};
  const out: Input = {};
  const known = new Map<string, string>();
  for (const name of Object.keys(params)) {
    known.set(name, name);
    known.set(toSnakeCase(name), name);
  }
  for (const [rawKey, rawValue] of Object.entries(source)) {
    const name = known.get(rawKey) ?? known.get(toCamelCase(rawKey));
    if (name === undefined) throw errors.notSupportedField(rawKey);
    const param = params[name];
    if (param) out[name] = processValue(rawValue, param.type, name);
  }
  const missing = Object.entries(params)
    .filter(([name, param]) => param.required && (out[name] === undefined || out[name] === null))
    .map(([name]) => name);
  if (missing.length > 0) throw errors.required(missing);
  return out;
}

// ---- The DTOs the storefront's calls carry ----------------------------------------------------------

const extension = 'mixed' as const;

export const regionDto: Dto = {
  fields: { region_code: 'string', region: 'string', region_id: 'int', extension_attributes: extension },
};

export const quoteAddressDto: Dto = {
  fields: {
    id: 'int',
    region: 'string',
    region_id: 'int',
    region_code: 'string',
    country_id: 'string',
    street: { array: 'string' },
    company: 'string',
    telephone: 'string',
    fax: 'string',
    postcode: 'string',
    city: 'string',
    firstname: 'string',
    lastname: 'string',
    middlename: 'string',
    prefix: 'string',
    suffix: 'string',
    vat_id: 'string',
    customer_id: 'int',
    email: 'string',
    same_as_billing: 'int',
    customer_address_id: 'int',
    save_in_address_book: 'int',
    extension_attributes: extension,
    custom_attributes: extension,
  },
};

export const customerAddressDto: Dto = {
  fields: {
    id: 'int',
    customer_id: 'int',
    region: { dto: regionDto },
    region_id: 'int',
    country_id: 'string',
    street: { array: 'string' },
    company: 'string',
    telephone: 'string',
    fax: 'string',
    postcode: 'string',
    city: 'string',
    firstname: 'string',
    lastname: 'string',
    middlename: 'string',
    prefix: 'string',
    suffix: 'string',
    vat_id: 'string',
    default_shipping: 'bool',
    default_billing: 'bool',
    extension_attributes: extension,
    custom_attributes: extension,
  },
};

export const customerDto: Dto = {
  fields: {
    id: 'int',
    group_id: 'int',
    default_billing: 'string',
    default_shipping: 'string',
    confirmation: 'string',
    created_at: 'string',
    updated_at: 'string',
    created_in: 'string',
    dob: 'string',
    email: 'string',
    firstname: 'string',
    lastname: 'string',
    middlename: 'string',
    prefix: 'string',
    suffix: 'string',
    gender: 'int',
    store_id: 'int',
    taxvat: 'string',
    website_id: 'int',
    addresses: { array: { dto: customerAddressDto } },
    disable_auto_group_change: 'int',
    extension_attributes: { dto: { fields: { is_subscribed: 'bool' }, open: true } },
    custom_attributes: extension,
  },
};

export const cartItemDto: Dto = {
  fields: {
    item_id: 'int',
    sku: 'string',
    qty: 'float',
    name: 'string',
    price: 'float',
    product_type: 'string',
    quote_id: 'string',
    product_option: extension,
    extension_attributes: extension,
  },
};

export const shippingInformationDto: Dto = {
  fields: {
    shipping_address: { dto: quoteAddressDto },
    billing_address: { dto: quoteAddressDto },
    shipping_method_code: 'string',
    shipping_carrier_code: 'string',
    extension_attributes: extension,
    custom_attributes: extension,
  },
};

export const paymentMethodDto: Dto = {
  fields: {
    po_number: 'string',
    method: 'string',
    additional_data: { array: 'string' },
    extension_attributes: extension,
  },
};

export const productDto: Dto = {
  fields: {
    id: 'int',
    sku: 'string',
    name: 'string',
    attribute_set_id: 'int',
    price: 'float',
    status: 'int',
    visibility: 'int',
    type_id: 'string',
    created_at: 'string',
    updated_at: 'string',
    weight: 'float',
    extension_attributes: extension,
    product_links: { array: 'mixed' },
    options: extension,
    media_gallery_entries: { array: 'mixed' },
    tier_prices: extension,
    custom_attributes: { array: { dto: { fields: { attribute_code: 'string', value: 'mixed' } } } },
  },
};

export const orderDto: Dto = { fields: { entity_id: 'int', status: 'string', state: 'string' }, open: true };
