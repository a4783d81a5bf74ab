/**
 * `/V1/configurable-products/...` (COMMERCE-BASICS §3.2; `ConfigurableProduct/etc/webapi.xml`, all
 * `Magento_Catalog::products`): a configurable's children and options, read and changed one at a time as
 * `LinkManagement` and `OptionRepository` do, with their messages word for word.
 */
import { z } from 'zod';
import { magentoDate, sqlNumber, type Database } from '../db.ts';
import { errors, MagentoError } from '../errors.ts';
import { intParam } from '../http/params.ts';
import { withBody, type Route } from '../http/route.ts';
import { m } from '../input.ts';
import { jsonRecord, record } from '../json.ts';
import { productRow, serializeRow } from './products.ts';
import { childIdsOf, optionsOf } from './product-extras.ts';
import { checkChildren, insertOption, optionAttribute, optionData } from './save-configurable.ts';

const optionDto = m.dto({
  id: m.int(),
  attribute_id: m.string(),
  label: m.string(),
  position: m.int(),
  is_use_default: m.bool(),
  values: m.array(m.dto({ value_index: m.int(), extension_attributes: m.mixed() })),
  extension_attributes: m.mixed(),
  product_id: m.int(),
});
const optionBody = m.params({ option: optionDto });
const childBody = m.params({ childSku: m.string() });

const configurableErrors = {
  notConfigurable: (sku: string) =>
    new MagentoError(400, 'Only implemented for configurable product: %1', [sku]),
  optionNotFound: (id: number) => new MagentoError(404, "Requested option doesn't exist: %1", [id]),
  childNotLinked: () => new MagentoError(404, "Requested option doesn't exist"),
  alreadyHasOption: () => new MagentoError(400, 'Product already has this option'),
  alreadyAttached: () => new MagentoError(400, 'Product has been already attached'),
  noOptions: () => new MagentoError(400, 'Parent product does not have configurable product options'),
  childLacksValue: (code: string) =>
    new MagentoError(400, 'Child product does not have attribute value %1', [code]),
  removeFromSimple: (sku: string) =>
    new MagentoError(400, 'Product with specified sku: %1 is not a configurable product', [sku]),
} as const;

/** Changing a configurable's options or children saves the parent (its updated_at), as Magento's does. */
const touch = (db: Database, productId: number) =>
  db.run('UPDATE products SET updated_at = ? WHERE id = ?', magentoDate(), productId);

function product(db: Database, sku: string) {
  const row = db.get(productRow, 'SELECT * FROM products p WHERE sku = ?', sku);
  if (!row) throw errors.productNotFound();
  return row;
}

function configurable(db: Database, sku: string) {
  const row = product(db, sku);
  if (row.type_id !== 'configurable') throw configurableErrors.notConfigurable(sku);
  return row;
}

/** `LinkManagement::getChildren`: the children as products; `[]` for a product that is not configurable. */
export function children(db: Database, sku: string) {
  const parent = product(db, sku);
  if (parent.type_id !== 'configurable') return [];
  return childIdsOf(db, parent.id).flatMap((id) => {
    const row = db.get(productRow, 'SELECT * FROM products p WHERE id = ?', id);
    return row ? [serializeRow(db, row)] : [];
  });
}

/** `OptionRepository::validateNewOptionData`: every problem found, one message or Magento's aggregate. */
function validateNewOption(option: z.output<typeof optionDto>): void {
  const problems: string[] = [];
  if (!option.attribute_id) problems.push('Option attribute ID is not specified.');
  if (!option.label) problems.push('Option label is not specified.');
  const values = option.values ?? [];
  if (values.length === 0) problems.push('Option values are not specified.');
  else if (values.some((value) => value?.value_index === undefined || value.value_index === null))
    problems.push('Value index is not specified for an option.');
  const [first] = problems;
  if (first !== undefined && problems.length === 1) throw new MagentoError(400, first);
  if (problems.length > 1)
    throw new MagentoError(
      400,
      'One or more input exceptions have occurred.',
      undefined,
      problems.map((message) => ({ message, parameters: [] })),
    );
}

function saveOption(db: Database, sku: string, option: z.output<typeof optionDto>): number {
  return db.transaction(() => {
    const parent = configurable(db, sku);
    validateNewOption(option);
    const attribute = optionAttribute(db, option.attribute_id);
    if (optionsOf(db, parent.id).some((o) => o.attribute_id === String(attribute.attribute_id)))
      throw configurableErrors.alreadyHasOption();
    const id = insertOption(db, parent.id, optionData(db, record(option), optionsOf(db, parent.id).length));
    touch(db, parent.id);
    return id;
  });
}

/** `LinkManagement::addChild`: `true`, the child linked and the set of children still unambiguous. */
function addChild(db: Database, sku: string, childSku: string): true {
  return db.transaction(() => {
    const parent = product(db, sku);
    const child = product(db, childSku);
    const linked = childIdsOf(db, parent.id);
    if (linked.includes(child.id)) throw configurableErrors.alreadyAttached();
    const options = optionsOf(db, parent.id);
    if (options.length === 0) throw configurableErrors.noOptions();
    const codes = options.map((o) => optionAttribute(db, o.attribute_id).code);
    const values = jsonRecord(child.attributes);
    for (const code of codes) {
      const value = values[code];
      if (value === undefined || value === null || value === '' || value === '0')
        throw configurableErrors.childLacksValue(code);
    }
    checkChildren(db, [...linked, child.id], codes);
    db.run('INSERT INTO configurable_links (parent_id, child_id) VALUES (?, ?)', parent.id, child.id);
    touch(db, parent.id);
    return true;
  });
}

/** `LinkManagement::removeChild`: `true`, or 404 when the sku is none of its children. */
function removeChild(db: Database, sku: string, childSku: string): true {
  return db.transaction(() => {
    const parent = product(db, sku);
    if (parent.type_id !== 'configurable') throw configurableErrors.removeFromSimple(sku);
    const child = db.get(z.object({ id: sqlNumber }), 'SELECT id FROM products WHERE sku = ?', childSku);
    if (!child || !childIdsOf(db, parent.id).includes(child.id)) throw configurableErrors.childNotLinked();
    db.run('DELETE FROM configurable_links WHERE parent_id = ? AND child_id = ?', parent.id, child.id);
    touch(db, parent.id);
    return true;
  });
}

export function configurableRoutes(db: Database): Route[] {
  const resource = 'Magento_Catalog::products';
  const base = '/V1/configurable-products/:sku';
  const sku = (params: Readonly<Record<string, string>>) => params['sku'] ?? '';
  return [
    { method: 'GET', path: `${base}/children`, resource, handle: ({ params }) => children(db, sku(params)) },
    {
      method: 'GET',
      path: `${base}/options/all`,
      resource,
      handle: ({ params }) => optionsOf(db, configurable(db, sku(params)).id),
    },
    {
      method: 'GET',
      path: `${base}/options/:id`,
      resource,
      handle: ({ params }) => {
        const id = intParam(params['id'], 'id');
        const option = optionsOf(db, configurable(db, sku(params)).id).find((o) => o.id === id);
        if (!option) throw configurableErrors.optionNotFound(id);
        return option;
      },
    },
    {
      method: 'POST',
      path: `${base}/options`,
      resource,
      ...withBody(optionBody, ({ params }, { option }) => saveOption(db, sku(params), option)),
    },
    {
      method: 'POST',
      path: `${base}/child`,
      resource,
      ...withBody(childBody, ({ params }, { childSku }) => addChild(db, sku(params), childSku)),
    },
    {
      method: 'DELETE',
      path: `${base}/children/:childSku`,
      resource,
      handle: ({ params }) => removeChild(db, sku(params), params['childSku'] ?? ''),
    },
  ];
}
