/**
 * A guest's recent order, so that the storefront's "return an unopened detergent from a past order as a
 * guest, through the order lookup" works on a fresh start: placed {@link DEMO_GUEST_ORDER.daysAgo} days
 * before start-up (inside the module's 30-day return period), complete and invoiced, of two detergents
 * and a consumable. The demo customer's own returnable order is the seed's latest (processing, 11 days
 * old, detergents: `../seed/orders.ts`). Written once per database, like the other demo extras.
 */
import type { CarriersConfig } from '../checkout/carrier-config.ts';
import type { Database } from '../db.ts';
import { PROFESSIONAL_CATEGORY_ID, SUB_CATEGORIES } from '../seed/data/categories.ts';
import { seedInvoices } from '../seed/invoices.ts';
import { sellableProduct, writePastOrder, type Customer } from '../seed/orders.ts';

/** As an order keeps an address: the region flat (`orderAddress` in ../seed/orders.ts), as Magento answers it. */
const ADDRESS = {
  region: 'West Yorkshire',
  region_id: 0,
  country_id: 'GB',
  street: ['14 Canal Wharf'],
  telephone: '0113 496 0321',
  postcode: 'LS11 5PS',
  city: 'Leeds',
  firstname: 'Sam',
  lastname: 'Taylor',
  email: 'sam.taylor@example.com',
};

/** The guest and their order, as the order lookup asks for them (order number, billing e-mail, postcode). */
export const DEMO_GUEST_ORDER = {
  email: ADDRESS.email,
  postcode: ADDRESS.postcode,
  firstname: ADDRESS.firstname,
  lastname: ADDRESS.lastname,
  daysAgo: 6,
} as const;

const WRITTEN = 'demo_guest_order';
const DAY = 86_400_000;

const categoryId = (code: string): number | undefined =>
  SUB_CATEGORIES.find((c) => c.parentId === PROFESSIONAL_CATEGORY_ID && c.code === code)?.id;

/** Writes the guest's order once; returns its number, or undefined when it was there already or no product fits. */
export function ensureDemoGuestOrder(db: Database, carriers: CarriersConfig, now: Date): string | undefined {
  if (db.meta(WRITTEN) !== undefined) return undefined;
  return db.transaction(() => {
    const detergentId = categoryId('detergents');
    const consumableId = categoryId('consumables');
    const detergent = sellableProduct(db, {
      ...(detergentId ? { categoryId: detergentId } : {}),
      priced: true,
    });
    const consumable = sellableProduct(db, {
      ...(consumableId ? { categoryId: consumableId } : {}),
      priced: true,
      except: new Set(detergent ? [detergent.id] : []),
    });
    const lines = [
      ...(detergent ? [{ product: detergent, qty: 2 }] : []),
      ...(consumable ? [{ product: consumable, qty: 1 }] : []),
    ];
    db.setMeta(WRITTEN, '');
    if (lines.length === 0) return undefined;
    const guest: Customer = { ...DEMO_GUEST_ORDER, id: null, billing: ADDRESS, shipping: ADDRESS };
    const placedAt = new Date(now.getTime() - DEMO_GUEST_ORDER.daysAgo * DAY);
    const order = writePastOrder(db, guest, { lines, status: 'complete', placedAt }, carriers, now);
    seedInvoices(db);
    db.setMeta(WRITTEN, order.incrementId);
    return order.incrementId;
  });
}
