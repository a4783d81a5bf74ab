/**
 * The module's observers of its own events: `rma_created_after` sends the customer's and the admin's
 * new-return e-mails (Observer/SendNewRmaEmails.php, module on only; the admin's only with
 * `rma/email/admin_notify_email` set), and `rma_status_change_after` the customer's status e-mail
 * (Observer/SendStatusChangeEmail.php, always). Each send is awaited and its failure only logged.
 */
import type { Database } from '../db.ts';
import { findLookup } from './lookups.ts';
import { newReturnAdminMail, newReturnCustomerMail, statusChangeMail, type ReturnMailFacts } from './mail.ts';
import { findOrder, orderLines } from './orders.ts';
import { rmaItems, type RmaRow } from './rmas.ts';
import type { ReturnsRuntime } from './runtime.ts';

/** The template variables of `Service/Email/Sender.php`, read from the stored return. */
function mailFacts(db: Database, runtime: ReturnsRuntime, rma: RmaRow): ReturnMailFacts {
  const lines = new Map(orderLines(db, rma.order_id).map((line) => [line.item_id, line]));
  return {
    store: runtime.store,
    customerName: rma.customer_name,
    customerEmail: rma.customer_email,
    incrementId: rma.increment_id ?? '',
    orderNumber: findOrder(db, rma.order_id)?.increment_id ?? '',
    reasonLabel: findLookup(db, 'reason', rma.reason_id)?.label ?? '',
    resolutionLabel: findLookup(db, 'resolution_type', rma.resolution_type_id)?.label ?? '',
    items: rmaItems(db, rma.entity_id).map((item) => {
      const line = lines.get(item.order_item_id);
      return {
        name: line?.name ?? 'Unknown Product',
        sku: line?.sku ?? '',
        qty: item.qty_requested,
        condition:
          item.condition_id === null
            ? ''
            : (findLookup(db, 'item_condition', item.condition_id)?.label ?? ''),
      };
    }),
  };
}

export async function returnCreated(db: Database, runtime: ReturnsRuntime, rma: RmaRow): Promise<void> {
  if (!runtime.settings.enabled) return;
  const facts = mailFacts(db, runtime, rma);
  await runtime.mailer.send(newReturnCustomerMail(facts));
  const admin = runtime.settings.adminNotifyEmail;
  if (admin !== '') await runtime.mailer.send(newReturnAdminMail(facts, admin));
}

export async function returnStatusChanged(db: Database, runtime: ReturnsRuntime, rma: RmaRow): Promise<void> {
  const label = findLookup(db, 'status', rma.status_id)?.label ?? '';
  await runtime.mailer.send(statusChangeMail(mailFacts(db, runtime, rma), label));
}
