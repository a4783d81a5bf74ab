/** Path and query parameters read the way Magento binds them, and the caller a `self` route acts for. */
import type { Caller } from '../caller.ts';
import { errors } from '../errors.ts';
import { parsePhpQuery } from '../query.ts';
import type { RouteRequest } from './route.ts';

/** The customer behind a `self` route's token; any other caller is refused like Magento does. */
export const customerId = (caller: Caller): number => {
  if (caller.kind !== 'customer') throw errors.unauthorized('self');
  return caller.customerId;
};

export const intParam = (value: string | undefined, field: string): number => {
  if (value === undefined || !/^-?\d+$/.test(value)) throw errors.typeInvalid(field, value ?? '', 'int');
  return Number(value);
};

export const optionalInt = (value: string | undefined, field: string): number | undefined =>
  value === undefined || value === '' ? undefined : intParam(value, field);

export const queryValue = (request: RouteRequest, key: string): string | undefined => {
  const value = parsePhpQuery(request.query)[key];
  return typeof value === 'string' ? value : undefined;
};

export const searchCriteriaParam = (request: RouteRequest) => parsePhpQuery(request.query)['searchCriteria'];
