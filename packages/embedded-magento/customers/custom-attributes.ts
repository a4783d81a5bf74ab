/**
 * A customer's custom attributes (`custom_attributes` of CustomerInterface): the shop's user-defined
 * customer EAV attributes, read and written as Magento 2.4 does (app/code/Magento/… and lib/internal/
 * Magento/Framework/… below):
 *
 * - Reading (`Customer\Model\Customer::getDataModel()`, `Framework\Reflection\DataObjectProcessor::
 *   buildOutputDataArray()`): `[{attribute_code, value}]` with the values the customer has, after
 *   `extension_attributes`; no key at all when there are none (an empty list is skipped).
 * - Binding (`Framework\Webapi\ServiceInputProcessor::convertCustomAttributeValue()`): a list of
 *   `{attribute_code, value}` (or `attributeCode`), or an object of code → value. An item without a code,
 *   or without a `value` key, is refused with its message; a value is converted to the attribute's type
 *   (`Eav\Model\TypeLocator\SimpleType`: varchar and text are `string`), so an object or a list is
 *   refused, a number or a boolean is turned into text; an unknown code is typed "anything".
 * - Unknown codes are dropped without a word: `Framework\Api\AbstractExtensibleObject::
 *   setCustomAttributes()` keeps only the codes of `Customer\Model\Data\Customer::
 *   getCustomAttributesCodes()` (the customer's EAV attributes from CustomerMetadata).
 * - Saving (`Customer\Model\ResourceModel\CustomerRepository::save()`, `Eav\Model\Entity\AbstractEntity::
 *   _collectSaveData()`): only the attributes sent are touched, so a save without `custom_attributes`
 *   keeps the stored values; an empty value ('' or null) deletes the stored one.
 * - Validating (`Customer\Model\ResourceModel\Customer::_validate()`, the EAV attribute check with
 *   `Eav\Model\Attribute\Data\Text::validateValue()`): a value longer than the attribute's
 *   `max_text_length` (trimmed, in characters) is refused, with the other validators' messages.
 */
import { z } from 'zod';
import type { Database } from '../db.ts';
import { errors } from '../errors.ts';
import { isRecord } from '../json.ts';

/** A user-defined customer attribute: a text field (`customer_entity_varchar`). */
export interface CustomerAttribute {
  readonly code: string;
  readonly label: string;
  /** `validate_rules`' `max_text_length` (with `input_validation` "length"). */
  readonly maxLength: number;
}

/**
 * The shop's customer attributes, in attribute order. `my_machines` (issue 39): the machine models a
 * customer owns, their labels joined by ", " ("K 5, WD 3"), as the storefront keeps them.
 */
export const CUSTOMER_ATTRIBUTES: readonly CustomerAttribute[] = [
  { code: 'my_machines', label: 'My machines', maxLength: 255 },
];

/** The custom attributes a save sets: code → text, or null to delete the stored value. */
export type CustomAttributeValues = ReadonlyMap<string, string | null>;

const valueRow = z.object({ attribute_code: z.string(), value: z.string() });

/** PHP's loose falsiness of an array key or value: null, false, 0, '0' and ''. */
const phpEmpty = (value: unknown): boolean =>
  value === undefined || value === null || value === false || value === 0 || value === '0' || value === '';

/** TypeProcessor::processSimpleAndAnyType() to `string`: scalars as PHP's settype() makes them. */
function asText(code: string, value: unknown): string | null {
  if (value === null) return null;
  if (typeof value === 'boolean') return value ? '1' : '';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  throw errors.customAttributeRefused(
    `Attribute "${code}" has invalid value. The "array" value's type is invalid. The "string" type was expected. Verify and try again.`,
  );
}

/** One item as `processCustomAttribute()` reads it: its code and value, or Magento's refusal. */
function codeAndValue(key: string | number, item: unknown): [code: string, value: unknown] {
  const pair = isRecord(item) ? item : { attribute_code: key, value: item };
  const given = pair['attribute_code'] ?? pair['attributeCode'];
  if (phpEmpty(given) && (pair['value'] === undefined || pair['value'] === null))
    throw errors.customAttributeRefused(
      'An empty custom attribute is specified. Enter the attribute and try again.',
    );
  if (phpEmpty(given))
    throw errors.customAttributeRefused(
      'A custom attribute is specified with a missing attribute code. Verify the code and try again.',
    );
  const code = typeof given === 'string' || typeof given === 'number' ? String(given) : JSON.stringify(given);
  if (!('value' in pair))
    throw errors.customAttributeRefused(
      `The "${code}" attribute code doesn't have a value set. Enter the value and try again.`,
    );
  return [code, pair['value']];
}

/**
 * The custom attributes a save sends, the shop's own only; undefined when it sends none. Anything but a
 * list or an object (which Magento's `foreach` would fail on) counts as none.
 */
export function customAttributeInput(input: unknown): CustomAttributeValues | undefined {
  if (!Array.isArray(input) && !isRecord(input)) return undefined;
  const values = new Map<string, string | null>();
  for (const [key, item] of Array.isArray(input) ? input.entries() : Object.entries(input)) {
    const [code, value] = codeAndValue(key, item);
    if (CUSTOMER_ATTRIBUTES.some((attribute) => attribute.code === code))
      values.set(code, asText(code, value));
  }
  return values;
}

/** Text::validateValue()'s length rule for the values sent ('"%1" length must be …'). */
export function customAttributeProblems(values: CustomAttributeValues | undefined): string[] {
  return CUSTOMER_ATTRIBUTES.flatMap(({ code, label, maxLength }) => {
    const value = values?.get(code);
    if (!value) return [];
    const length = [...value.replace(/^[ \t\n\r\0\v]+|[ \t\n\r\0\v]+$/g, '')].length;
    return length > maxLength
      ? [`"${label}" length must be equal or less than ${maxLength} characters.`]
      : [];
  });
}

/** Stores the values sent: a text replaces the stored one, an empty one deletes it. */
export function saveCustomAttributes(db: Database, customerId: number, values: CustomAttributeValues): void {
  for (const [code, value] of values) {
    if (value === null || value === '') {
      db.run(
        'DELETE FROM customer_attribute_values WHERE customer_id = ? AND attribute_code = ?',
        customerId,
        code,
      );
    } else {
      db.run(
        `INSERT INTO customer_attribute_values (customer_id, attribute_code, value) VALUES (?, ?, ?)
         ON CONFLICT (customer_id, attribute_code) DO UPDATE SET value = excluded.value`,
        customerId,
        code,
        value,
      );
    }
  }
}

/** `custom_attributes` as a customer read shows it: the stored values, in attribute order. */
export function customAttributesOf(
  db: Database,
  customerId: number,
): { attribute_code: string; value: string }[] {
  const stored = new Map(
    db
      .all(
        valueRow,
        'SELECT attribute_code, value FROM customer_attribute_values WHERE customer_id = ?',
        customerId,
      )
      .map((row) => [row.attribute_code, row.value]),
  );
  return CUSTOMER_ATTRIBUTES.flatMap(({ code }) => {
    const value = stored.get(code);
    return value === undefined ? [] : [{ attribute_code: code, value }];
  });
}
