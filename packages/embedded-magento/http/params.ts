/** Path and query parameters read the way Magento binds them, and the caller a `self` route acts for. */
import type { Caller } from '../caller.ts';
import { errors, MagentoError, phpString } from '../errors.ts';
import { parsePhpQuery } from '../query.ts';
import type { RouteRequest } from './route.ts';

/** The customer behind a `self` route's token; any other caller is refused like Magento does. */
export const customerId = (caller: Caller): number => {
  if (caller.kind !== 'customer') throw errors.unauthorized('self');
  return caller.customerId;
};

/**
 * A service method's own parameter (from the path or the query) of the wrong type: the bare message, as
 * `ServiceInputProcessor::process()` rethrows the type processor's text as a new phrase (no parameters).
 * The `Error occurred during "…" processing.` prefix belongs to a DTO's fields only (`errors.typeInvalid`).
 */
const paramTypeInvalid = (value: unknown, type: string): MagentoError =>
  new MagentoError(
    400,
    `The "${phpString(value)}" value's type is invalid. The "${type}" type was expected. Verify and try again.`,
  );

/** An int parameter; one not given at all is a missing required parameter. */
export const intParam = (value: string | undefined, field: string): number => {
  if (value === undefined) throw errors.required([field]);
  if (!/^-?\d+$/.test(value)) throw paramTypeInvalid(value, 'int');
  return Number(value);
};

export const optionalInt = (value: string | undefined, field: string): number | undefined =>
  value === undefined || value === '' ? undefined : intParam(value, field);

export const queryValue = (request: RouteRequest, key: string): string | undefined => {
  const value = parsePhpQuery(request.query)[key];
  return typeof value === 'string' ? value : undefined;
};

export const searchCriteriaParam = (request: RouteRequest) => parsePhpQuery(request.query)['searchCriteria'];
