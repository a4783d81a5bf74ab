/**
 * Magento's REST routing (CONTRACT.md §1.1): `/rest/<store code>/V1/...` where the store code is optional,
 * `default` (store view 1) or `all` (admin store 0); an unknown code stays in the path so nothing matches.
 * A route declared with the exact request path wins at once; otherwise declared routes for the method are
 * tried in URL order, variables match any segment, and the last match wins.
 */
import { errors } from '../errors.ts';
import type { Route, Scope } from './route.ts';

const STORE_CODES: Readonly<Record<string, number>> = { default: 1, all: 0 };

/** Splits `/rest/default/V1/x` into the store scope and `/V1/x`; null when it is not a REST path. */
export function resolveStore(pathname: string): { scope: Scope; path: string } | null {
  const match = /^\/rest(\/.*)?$/.exec(pathname);
  if (!match) return null;
  const rest = match[1] ?? '/';
  const segments = rest.split('/');
  const first = segments[1] ?? '';
  if (first in STORE_CODES) {
    return { scope: { storeId: STORE_CODES[first] ?? 1 }, path: `/${segments.slice(2).join('/')}` };
  }
  // No store segment (or an unknown one, which then fails to match any route).
  return { scope: { storeId: 1 }, path: rest };
}

const split = (path: string): string[] => path.replace(/^\/+|\/+$/g, '').split('/');

export class Router {
  readonly #exact = new Map<string, Route>();
  readonly #byMethod = new Map<string, { route: Route; segments: string[] }[]>();

  constructor(routes: readonly Route[]) {
    for (const route of routes) {
      this.#exact.set(`${route.method} ${route.path}`, route);
      const list = this.#byMethod.get(route.method) ?? [];
      list.push({ route, segments: split(route.path) });
      this.#byMethod.set(route.method, list);
    }
    for (const list of this.#byMethod.values()) {
      list.sort((a, b) => (a.route.path < b.route.path ? -1 : a.route.path > b.route.path ? 1 : 0));
    }
  }

  match(method: string, path: string): { route: Route; params: Record<string, string> } {
    const exact = this.#exact.get(`${method} ${path}`);
    if (exact) return { route: exact, params: {} };
    const requested = split(path);
    let found: { route: Route; params: Record<string, string> } | undefined;
    for (const { route, segments } of this.#byMethod.get(method) ?? []) {
      if (segments.length !== requested.length) continue;
      const params: Record<string, string> = {};
      const ok = segments.every((segment, index) => {
        const value = requested[index] ?? '';
        if (segment.startsWith(':')) {
          if (value === '') return false;
          try {
            params[segment.slice(1)] = decodeURIComponent(value);
          } catch {
            params[segment.slice(1)] = value;
          }
          return true;
        }
        return segment === value;
      });
      if (ok) found = { route, params };
    }
    if (!found) throw errors.routeNotFound();
    return found;
  }
}
