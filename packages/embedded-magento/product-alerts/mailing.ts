/**
 * The alert mailing (`Model/Mailing/AlertProcessor.php`, run by Magento's cron): for every customer, the
 * stock alerts not sent yet whose product sells again, and the price alerts whose product's final price for
 * the customer's group is now below the price the alert keeps. Each is marked in the same transaction that
 * finds it (a stock alert sent, once; a price alert sent with the new price, so only a further drop mails
 * again), then one e-mail per customer and kind lists them (`mail.ts`). Magento runs it on a schedule; this
 * back end runs it right after every admin write (a save, a stock or price change) and once a minute, for
 * the sales that start and end with no save. A failed send is logged, as the mailer does, and not retried:
 * Magento's `ErrorEmailSender` only tells the admin.
 */
import { z } from 'zod';
import { sqlNumber, type Database } from '../db.ts';
import type { Mailer } from '../email/mailer.ts';
import type { StoreContact } from '../email/message.ts';
import type { StoreSettings } from '../store-view.ts';
import { customerGroup, finalPriceFor, isSalable, markSent, pendingAlerts, type AlertRow } from './alerts.ts';
import type { AlertKind } from './errors.ts';
import { alertMail, type AlertedProduct } from './mail.ts';

export interface AlertMailingRuntime {
  readonly db: Database;
  readonly store: StoreSettings;
  readonly contact: StoreContact;
  readonly mailer: Mailer;
  /** The store's base URL, where the e-mails' links go (the storefront's address). */
  readonly storeUrl: string;
  /** How often the mailing runs on its own, in ms (default a minute). */
  readonly intervalMs?: number;
  readonly log?: (message: string) => void;
}

const productRow = z.object({ id: sqlNumber, name: z.string(), url_key: z.string().nullable() });
const customerRow = z.object({ email: z.string(), firstname: z.string(), lastname: z.string() });

/** The alert's product as the e-mail lists it, when this run sends it; else undefined. */
function dueProduct(
  runtime: AlertMailingRuntime,
  kind: AlertKind,
  alert: AlertRow,
): AlertedProduct | undefined {
  const { db, store } = runtime;
  // Whether it is due first (most alerts are not, and this runs every minute), then what the e-mail names.
  if (kind === 'stock' && !isSalable(db, alert.product_id)) return undefined;
  const price = finalPriceFor(db, store, alert.product_id, customerGroup(db, alert.customer_id));
  if (kind === 'price' && (price === undefined || alert.price === null || alert.price <= price))
    return undefined;
  const product = db.get(
    productRow,
    // A size of a configurable has no page of its own: the e-mail links to its parent's.
    `SELECT p.id, p.name, CASE WHEN p.visibility = 1 THEN COALESCE((SELECT json_extract(parent.attributes, '$.url_key')
       FROM configurable_links l JOIN products parent ON parent.id = l.parent_id WHERE l.child_id = p.id LIMIT 1),
       json_extract(p.attributes, '$.url_key')) ELSE json_extract(p.attributes, '$.url_key') END AS url_key
     FROM products p WHERE p.id = ?`,
    alert.product_id,
  );
  // Magento looks at no status for a price alert; a disabled product never sells, so never gets a stock alert.
  if (!product) return undefined;
  markSent(db, kind, alert.id, price);
  return { id: product.id, name: product.name, urlKey: product.url_key, price };
}

/** Finds and marks the due alerts of a kind in one transaction: the products to e-mail, by customer. */
function takeDue(runtime: AlertMailingRuntime, kind: AlertKind): Map<number, AlertedProduct[]> {
  return runtime.db.transaction(() => {
    const due = new Map<number, AlertedProduct[]>();
    for (const alert of pendingAlerts(runtime.db, kind)) {
      const product = dueProduct(runtime, kind, alert);
      if (product) due.set(alert.customer_id, [...(due.get(alert.customer_id) ?? []), product]);
    }
    return due;
  });
}

/** One run: every due alert e-mailed; answers how many e-mails went to the mailer. */
export async function mailDueAlerts(runtime: AlertMailingRuntime): Promise<number> {
  let sent = 0;
  for (const kind of ['stock', 'price'] as const) {
    for (const [customerId, products] of takeDue(runtime, kind)) {
      const customer = runtime.db.get(
        customerRow,
        'SELECT email, firstname, lastname FROM customers WHERE id = ?',
        customerId,
      );
      if (!customer) continue;
      const name = `${customer.firstname} ${customer.lastname}`.trim();
      await runtime.mailer.send(
        alertMail({
          kind,
          store: runtime.contact,
          storeUrl: runtime.storeUrl,
          to: { address: customer.email, name },
          products,
        }),
      );
      sent += 1;
    }
  }
  return sent;
}

export interface AlertMailing {
  /** Asks for a run soon (after an admin write); runs never overlap, and asks during a run make one more. */
  due(): void;
  /** Stops the schedule; a run under way finishes. */
  stop(): void;
}

export function startAlertMailing(runtime: AlertMailingRuntime): AlertMailing {
  let running = false;
  let again = false;
  let stopped = false;
  const run = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    mailDueAlerts(runtime)
      .catch((error: unknown) =>
        runtime.log?.(
          `Product alerts: the mailing failed: ${error instanceof Error ? error.message : String(error)}`,
        ),
      )
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          setImmediate(run);
        }
      });
  };
  const timer = setInterval(run, runtime.intervalMs ?? 60_000);
  timer.unref();
  return {
    due: () => setImmediate(run),
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
}
