/**
 * What a REST route is: Magento's declared URL and method, its ACL resource, the service method's body
 * parameters (bound by `input.ts`, the one place that produces Magento's binding messages) and a handler
 * that receives the bound body. The same declaration yields the route's OpenAPI operation (`openapi.ts`).
 */
import type { Caller } from '../auth/auth.ts';
import type { Input, Params } from '../input.ts';
import { isRecord } from '../json.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Scope {
  /** 1 for the default store view, 0 for `all` (the admin store). */
  readonly storeId: number;
}

export interface RouteRequest {
  readonly params: Readonly<Record<string, string>>;
  /** The raw query string without `?`. */
  readonly query: string;
  /** The body bound to the route's `body` parameters (empty when the route declares none). */
  readonly body: Input;
  readonly caller: Caller;
  readonly scope: Scope;
}

export interface Route {
  readonly method: Method;
  /** Magento's declared URL, e.g. `/V1/guest-carts/:cartId/items`. */
  readonly path: string;
  /** `anonymous`, `self` or an admin ACL resource. */
  readonly resource: string;
  /** The service method's body parameters; a route without them ignores its body, as Magento does. */
  readonly body?: Params;
  readonly summary?: string;
  readonly handle: (request: RouteRequest) => unknown;
}

/** A bound DTO parameter (already checked by `input.ts`), or an empty one when it was left out. */
export const dtoParam = (body: Input, name: string): Input => {
  const value = body[name];
  return isRecord(value) ? value : {};
};
