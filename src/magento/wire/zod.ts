/**
 * zod, for every module that may run in a browser (the shopper features and the Magento wire shapes they
 * share with the server). In the browser it is jitless: zod's object parser otherwise probes whether
 * `new Function` works, to compile a faster parser; the shop's CSP forbids eval, so the probe is refused
 * and the browser logs a CSP violation on every page (Lighthouse's Best Practices counts it). Modules
 * import `z` from here, not from 'zod', so this runs before any of them builds a schema. On the server,
 * where there is no such policy, zod keeps its compiled parsers.
 */
import { z } from 'zod';

if (typeof window !== 'undefined') z.config({ jitless: true });

export { z };
