/** Mage-OS's returns module's REST routes (etc/webapi.xml): none yet, the GraphQL part comes first. */
import type { Route } from '../http/route.ts';

export function returnRoutes(): Route[] {
  return [];
}
