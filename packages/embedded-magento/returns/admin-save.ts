/**
 * `RMARepository::save()` for the admin's REST calls: a new return (any order, status, reason and
 * resolution the database accepts; the number made from the prefix unless one is sent), or the fields
 * sent of an existing one. A new return raises `rma_created_after` (the new-return e-mails, then
 * auto-approve, which moves it to Approved when `rma/policy/auto_approve` is on); a changed status raises
 * `rma_status_change_after` (the customer's status e-mail).
 */
import type { z } from 'zod';
import { magentoDate, type Database } from '../db.ts';
import { MagentoError } from '../errors.ts';
import { returnCreated, returnStatusChanged } from './events.ts';
import { findLookup, findLookupByCode, type LookupKind } from './lookups.ts';
import { findOrder } from './orders.ts';
import { findRma, incrementIdOf, insertRma, type NewRma, type RmaRow } from './rmas.ts';
import { restErrors } from './rest-errors.ts';
import type { ReturnsRuntime } from './runtime.ts';
import type { rmaDto } from './wire.ts';

type RmaInput = z.output<typeof rmaDto>;

const couldNotSave = (why: string) => new MagentoError(400, 'Could not save the RMA: %1', [why]);

/** A field as saved: what was sent (null included), else what is stored (else undefined). */
const pick = <T>(sent: T | null | undefined, stored: T | null | undefined): T | null | undefined =>
  sent === undefined ? stored : sent;

/** A NOT NULL column's value, or MySQL's refusal of the row (the first such column, as MySQL names one). */
function required<T>(name: string, value: T | null | undefined): T {
  if (value === undefined || value === null) throw couldNotSave(`${name} must be set`);
  return value;
}

/** The return to write, or what MySQL's NOT NULL columns and foreign keys would refuse, in words. */
function draft(db: Database, input: RmaInput, existing?: RmaRow): NewRma {
  const order_id = required('order_id', pick(input.order_id, existing?.order_id));
  const customer_email = required('customer_email', pick(input.customer_email, existing?.customer_email));
  const customer_name = required('customer_name', pick(input.customer_name, existing?.customer_name));
  const status_id = required('status_id', pick(input.status_id, existing?.status_id));
  const reason_id = required('reason_id', pick(input.reason_id, existing?.reason_id));
  const resolution_type_id = required(
    'resolution_type_id',
    pick(input.resolution_type_id, existing?.resolution_type_id),
  );
  if (!findOrder(db, order_id)) throw couldNotSave(`no order has the id ${String(order_id)}`);
  const lookups: [LookupKind, number][] = [
    ['status', status_id],
    ['reason', reason_id],
    ['resolution_type', resolution_type_id],
  ];
  for (const [kind, id] of lookups)
    if (!findLookup(db, kind, id))
      throw couldNotSave(`no ${kind.replace('_', ' ')} has the id ${String(id)}`);
  return {
    orderId: order_id,
    customerId: pick(input.customer_id, existing?.customer_id) ?? null,
    storeId: pick(input.store_id, existing?.store_id) ?? 0,
    customerEmail: customer_email,
    customerName: customer_name,
    statusId: status_id,
    reasonId: reason_id,
    resolutionTypeId: resolution_type_id,
    incrementId: pick(input.increment_id, existing?.increment_id) ?? null,
  };
}

function update(db: Database, existing: RmaRow, input: RmaInput, at: string, prefix: string): RmaRow {
  const rma = draft(db, input, existing);
  // `_afterSave` numbers a return saved without a number, as on its first save.
  const incrementId = rma.incrementId || incrementIdOf(prefix, existing.entity_id);
  db.run(
    `UPDATE rma_entity SET increment_id = ?, order_id = ?, customer_id = ?, store_id = ?, customer_email = ?,
       customer_name = ?, status_id = ?, reason_id = ?, resolution_type_id = ?, created_at = ?, updated_at = ?
     WHERE entity_id = ?`,
    incrementId,
    rma.orderId,
    rma.customerId,
    rma.storeId,
    rma.customerEmail,
    rma.customerName,
    rma.statusId,
    rma.reasonId,
    rma.resolutionTypeId,
    input.created_at ?? existing.created_at,
    at,
    existing.entity_id,
  );
  const saved = findRma(db, existing.entity_id);
  if (!saved) throw new Error(`The return ${String(existing.entity_id)} just saved is not there`);
  return saved;
}

/** `Observer/AutoApproveRma.php`: Approved at once when the setting is on (and the status is not already). */
async function autoApprove(db: Database, runtime: ReturnsRuntime, rma: RmaRow): Promise<RmaRow> {
  const approved = findLookupByCode(db, 'status', 'approved');
  if (!runtime.settings.autoApprove || !approved || approved.entity_id === rma.status_id) return rma;
  const at = magentoDate(new Date(runtime.clock.now()));
  const saved = db.transaction(() =>
    update(db, rma, { status_id: approved.entity_id }, at, runtime.settings.incrementIdPrefix),
  );
  await returnStatusChanged(db, runtime, saved);
  return saved;
}

/** Saves the return `input` describes (the path's id first); answers it as stored. */
export async function saveRma(
  db: Database,
  runtime: ReturnsRuntime,
  input: RmaInput,
  pathId?: number,
): Promise<RmaRow> {
  const id = pathId ?? input.entity_id ?? undefined;
  const existing = id === undefined ? undefined : findRma(db, id);
  if (id !== undefined && !existing) throw restErrors.rmaNotFound(id);
  const at = magentoDate(new Date(runtime.clock.now()));
  if (existing) {
    const saved = db.transaction(() => update(db, existing, input, at, runtime.settings.incrementIdPrefix));
    if (saved.status_id !== existing.status_id) await returnStatusChanged(db, runtime, saved);
    return saved;
  }
  const created = db.transaction(() =>
    insertRma(db, draft(db, input), runtime.settings.incrementIdPrefix, input.created_at ?? at),
  );
  await returnCreated(db, runtime, created);
  return autoApprove(db, runtime, created);
}
