/**
 * What an editor and a back end do to the shop from outside: save a price through the embedded Magento's
 * admin REST API (an admin token from `POST /rest/V1/integration/admin/token`), and send the signed
 * rebuild hook (src/publish/rebuild/signature.ts) as a back end or CI does, to any of the replicas.
 */
import { z } from 'zod';
import { signRebuildRequest } from '../../src/publish/rebuild/signature.ts';
import { describe, http, json, type Reply } from './http.ts';

/** The embedded back end's demo admin (src/config/env.ts defaults). */
const ADMIN = { username: 'admin', password: 'Admin123!' };

/**
 * Saves a product's price as an editor does: Magento's `price`, and the `list_price` (incl. VAT) and
 * `sales_price` (excl. VAT) attributes the shop shows when a product has them (src/catalogue/map.ts).
 */
export async function savePrice(magentoUrl: string, sku: string, price: number): Promise<void> {
  const tokenReply = await http(`${magentoUrl}/rest/V1/integration/admin/token`, {
    method: 'POST',
    body: ADMIN,
  });
  const token = z.string().safeParse(json(tokenReply));
  if (!token.success) throw new Error(`No admin token: ${describe(tokenReply)}`);
  const saved = await http(`${magentoUrl}/rest/V1/products/${encodeURIComponent(sku)}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${token.data}` },
    body: {
      product: {
        sku,
        price,
        custom_attributes: [
          { attribute_code: 'list_price', value: price.toFixed(2) },
          { attribute_code: 'sales_price', value: (price / 1.2).toFixed(2) },
        ],
      },
    },
  });
  if (saved.status !== 200) throw new Error(`Saving the price of ${sku} failed: ${describe(saved)}`);
}

export interface SignedHook {
  readonly body: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** One signed hook request: sending it more than once is a duplicate (or a replay). */
export function signedHook(secret: string, payload: unknown): SignedHook {
  const body = JSON.stringify(payload);
  return { body, headers: { 'Content-Type': 'application/json', ...signRebuildRequest(secret, body) } };
}

export const sendHook = (baseUrl: string, hook: SignedHook): Promise<Reply> =>
  http(`${baseUrl}/rebuild`, { method: 'POST', headers: hook.headers, body: hook.body, agent: false });

/** The hook's answer message, e.g. `Rebuild queued.` or `… already accepted …`. */
export const hookMessage = (reply: Reply): string => {
  const parsed = z.object({ message: z.string() }).safeParse(json(reply));
  return parsed.success ? parsed.data.message : reply.body.slice(0, 120);
};
