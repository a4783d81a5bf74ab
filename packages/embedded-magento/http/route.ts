/**
 * What a REST route is: Magento's declared URL and method, its ACL resource, the service method's body
 * parameters as a zod schema (`input.ts`, the one place that produces Magento's binding messages) and a
 * handler. `withBody` binds the body before the handler runs and hands it over typed. The same
 * declaration yields the route's OpenAPI operation (`openapi.ts`).
 */
import type { z } from 'zod';
import type { Caller } from '../caller.ts';
import { bindBody } from '../input.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Scope {
  /** 1 for the default store view, 0 for `all` (the admin store). */
  readonly storeId: number;
}

export interface RouteRequest {
  readonly params: Readonly<Record<string, string>>;
  /** The raw query string without `?`. */
  readonly query: string;
  /** The request's JSON body as sent (undefined for GET and DELETE). */
  readonly body: unknown;
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
  readonly body?: z.ZodType;
  readonly summary?: string;
  readonly handle: (request: RouteRequest) => unknown;
}

/** A route's body schema and a handler that receives the body bound to it (refused with Magento's message). */
export const withBody = <S extends z.ZodType>(
  body: S,
  handle: (request: RouteRequest, bound: z.output<S>) => unknown,
): Pick<Route, 'body' | 'handle'> => ({
  body,
  handle: (request) => handle(request, bindBody(body, request.body)),
});
