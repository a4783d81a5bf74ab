/**
 * `/V1/rma/status`, `/V1/rma/reason`, `/V1/rma/resolution-type` and `/V1/rma/item-condition` (etc/webapi.xml):
 * each lookup's repository, read by id, searched, saved (POST new, PUT by id: only the fields sent change)
 * and deleted, behind its own ACL resource. A lookup a return still names cannot be deleted.
 */
import type { z } from 'zod';
import { countRow, type Database } from '../db.ts';
import { intParam, searchCriteriaParam } from '../http/params.ts';
import { withBody, type Route } from '../http/route.ts';
import { m } from '../input.ts';
import { parseSearchCriteria, searchPage, type FieldMapping } from '../search-criteria.ts';
import { findLookup, LOOKUPS, lookupRow, type LookupKind, type LookupRow } from './lookups.ts';
import { restErrors } from './rest-errors.ts';
import { lookupDto, lookupOut } from './wire.ts';

type LookupInput = z.output<typeof lookupDto>;

const API: readonly { kind: LookupKind; path: string; param: string; resource: string; usedBy: string }[] = [
  {
    kind: 'status',
    path: 'status',
    param: 'status',
    resource: 'MageOS_RMA::rma_status',
    usedBy: 'rma_entity.status_id',
  },
  {
    kind: 'reason',
    path: 'reason',
    param: 'reason',
    resource: 'MageOS_RMA::rma_reason',
    usedBy: 'rma_entity.reason_id',
  },
  {
    kind: 'resolution_type',
    path: 'resolution-type',
    param: 'resolutionType',
    resource: 'MageOS_RMA::rma_resolution_type',
    usedBy: 'rma_entity.resolution_type_id',
  },
  {
    kind: 'item_condition',
    path: 'item-condition',
    param: 'itemCondition',
    resource: 'MageOS_RMA::rma_item_condition',
    usedBy: 'rma_item.condition_id',
  },
];

const fields: FieldMapping = { expression: (field) => `l.[${field.replace(/\W/g, '')}]` };

function load(db: Database, kind: LookupKind, id: number): LookupRow {
  const row = findLookup(db, kind, id);
  if (!row) throw restErrors.notFound(LOOKUPS[kind].label, id);
  return row;
}

/** A new lookup needs its code and label (NOT NULL columns); a code is unique. */
function save(db: Database, kind: LookupKind, input: LookupInput, pathId?: number): LookupRow {
  const { table, label } = LOOKUPS[kind];
  const id = pathId ?? input.entity_id ?? undefined;
  const existing = id === undefined ? undefined : load(db, kind, id);
  const code = input.code ?? existing?.code;
  const text = input.label ?? existing?.label;
  if (code === undefined || text === undefined)
    throw restErrors.couldNotSave(label, 'a code and a label are required');
  const taken = db.get(lookupRow, `SELECT * FROM ${table} WHERE code = ?`, code);
  if (taken && taken.entity_id !== existing?.entity_id)
    throw restErrors.couldNotSave(label, `the code "${code}" is already used`);
  const values = [
    code,
    text,
    input.is_active ?? existing?.is_active ?? 1,
    input.sort_order ?? existing?.sort_order ?? 0,
  ];
  if (existing) {
    db.run(
      `UPDATE ${table} SET code = ?, label = ?, is_active = ?, sort_order = ? WHERE entity_id = ?`,
      ...values,
      existing.entity_id,
    );
    return load(db, kind, existing.entity_id);
  }
  const created = db.run(
    `INSERT INTO ${table} (code, label, is_active, sort_order) VALUES (?, ?, ?, ?)`,
    ...values,
  );
  return load(db, kind, created.lastInsertRowid);
}

function remove(db: Database, kind: LookupKind, usedBy: string, id: number): true {
  load(db, kind, id);
  const [table, column] = usedBy.split('.');
  const uses =
    db.get(countRow, `SELECT COUNT(*) AS n FROM ${String(table)} WHERE ${String(column)} = ?`, id)?.n ?? 0;
  if (kind !== 'item_condition' && uses > 0)
    throw restErrors.couldNotDelete(LOOKUPS[kind].label, `${String(uses)} return(s) still use it`);
  // An item's condition is set to null with it (rma_item.condition_id's ON DELETE SET NULL).
  db.run(`DELETE FROM ${LOOKUPS[kind].table} WHERE entity_id = ?`, id);
  return true;
}

function routesOf(db: Database, api: (typeof API)[number]): Route[] {
  const { kind, resource } = api;
  const base = `/V1/rma/${api.path}`;
  const body = m.params({ [api.param]: lookupDto });
  const bound = (value: Record<string, LookupInput | undefined>): LookupInput => value[api.param] ?? {};
  return [
    {
      method: 'GET',
      path: `${base}/:entityId`,
      resource,
      handle: ({ params }) => lookupOut(load(db, kind, intParam(params['entityId'], 'entityId'))),
    },
    {
      method: 'POST',
      path: base,
      resource,
      ...withBody(body, (_request, value) => lookupOut(save(db, kind, bound(value)))),
    },
    {
      method: 'PUT',
      path: `${base}/:entityId`,
      resource,
      ...withBody(body, ({ params }, value) =>
        lookupOut(save(db, kind, bound(value), intParam(params['entityId'], 'entityId'))),
      ),
    },
    {
      method: 'DELETE',
      path: `${base}/:entityId`,
      resource,
      handle: ({ params }) => remove(db, kind, api.usedBy, intParam(params['entityId'], 'entityId')),
    },
    {
      method: 'GET',
      path: `${base}/search`,
      resource,
      handle: (request) => {
        const criteria = parseSearchCriteria(searchCriteriaParam(request));
        const source = {
          table: LOOKUPS[kind].table,
          alias: 'l',
          mapping: fields,
          tieBreak: 'l.entity_id ASC',
          row: lookupRow,
        };
        const { rows, total } = searchPage(db, source, criteria);
        return { items: rows.map(lookupOut), search_criteria: criteria, total_count: total };
      },
    },
  ];
}

export const lookupRoutes = (db: Database): Route[] => API.flatMap((api) => routesOf(db, api));
