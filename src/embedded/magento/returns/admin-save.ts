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
import { findRma, insertRma, type RmaRow } from './rmas.ts';
import { restErrors } from './rest-errors.ts';
import type { ReturnsRuntime } from './runtime.ts';
import type { rmaDto } from './wire.ts';

type RmaInput = z.output<typeof rmaDto>;

const couldNotSave = (why: string) => new MagentoError(400, 'Could not save the RMA: %1', [why]);

/** What MySQL's NOT NULL and foreign keys refuse, in words. */
function checkRow(db: Database, row: Partial<Record<keyof RmaRow, unknown>>): void {
  const required = [
    'order_id',
    'customer_email',
    'customer_name',
    'status_id',
    'reason_id',
    'resolution_type_id',
  ] as const;
  const missing = required.filter((field) => row[field] === undefined || row[field] === null);
  if (missing.length > 0) throw couldNotSave(`${missing.join(', ')} must be set`);
  if (!findOrder(db, Number(row.order_id))) throw couldNotSave(`no order has the id ${String(row.order_id)}`);
  const lookups: [LookupKind, keyof RmaRow][] = [
    ['status', 'status_id'],
    ['reason', 'reason_id'],
    ['resolution_type', 'resolution_type_id'],
  ];
  for (const [kind, field] of lookups)
    if (!findLookup(db, kind, Number(row[field])))
      throw couldNotSave(`no ${kind.replace('_', ' ')} has the id ${String(row[field])}`);
}

const sent = (input: RmaInput) =>
  Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<
    Record<keyof RmaRow, unknown>
  >;

function update(db: Database, existing: RmaRow, input: RmaInput, at: string): RmaRow {
  const row = { ...existing, ...sent(input), entity_id: existing.entity_id, updated_at: at };
  checkRow(db, row);
  db.run(
    `UPDATE rma_entity SET increment_id = ?, order_id = ?, customer_id = ?, store_id = ?, customer_email = ?, customer_name = ?,
       status_id = ?, reason_id = ?, resolution_type_id = ?, created_at = ?, updated_at = ? WHERE entity_id = ?`,
    ...[
      row.increment_id,
      row.order_id,
      row.customer_id,
      row.store_id,
      row.customer_email,
      row.customer_name,
    ].map((v) => (v === null ? null : typeof v === 'number' ? v : String(v))),
    Number(row.status_id),
    Number(row.reason_id),
    Number(row.resolution_type_id),
    String(row.created_at),
    at,
    existing.entity_id,
  );
  const saved = findRma(db, existing.entity_id);
  if (!saved) throw new Error(`The return ${String(existing.entity_id)} just saved is not there`);
  return saved;
}

function create(db: Database, runtime: ReturnsRuntime, input: RmaInput, at: string): RmaRow {
  const row = sent(input);
  checkRow(db, row);
  return insertRma(
    db,
    {
      orderId: Number(row.order_id),
      customerId: input.customer_id ?? null,
      storeId: input.store_id ?? 0,
      customerEmail: String(row.customer_email),
      customerName: String(row.customer_name),
      statusId: Number(row.status_id),
      reasonId: Number(row.reason_id),
      resolutionTypeId: Number(row.resolution_type_id),
      incrementId: input.increment_id ?? null,
    },
    runtime.settings.incrementIdPrefix,
    at,
  );
}

/** `Observer/AutoApproveRma.php`: Approved at once when the setting is on (and the status is not already). */
async function autoApprove(db: Database, runtime: ReturnsRuntime, rma: RmaRow): Promise<RmaRow> {
  const approved = findLookupByCode(db, 'status', 'approved');
  if (!runtime.settings.autoApprove || !approved || approved.entity_id === rma.status_id) return rma;
  const saved = update(
    db,
    rma,
    { status_id: approved.entity_id },
    magentoDate(new Date(runtime.clock.now())),
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
    const saved = db.transaction(() => update(db, existing, input, at));
    if (saved.status_id !== existing.status_id) await returnStatusChanged(db, runtime, saved);
    return saved;
  }
  const created = db.transaction(() => create(db, runtime, input, at));
  await returnCreated(db, runtime, created);
  return autoApprove(db, runtime, created);
}
