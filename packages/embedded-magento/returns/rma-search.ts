/**
 * What the return routes share (`rma-routes.ts`, `line-routes.ts`): the ACL resource, a return loaded or
 * refused as `RMARepository::get()` refuses, and a searchCriteria search of a return table.
 */
import type { Database } from '../db.ts';
import { searchCriteriaParam } from '../http/params.ts';
import type { RouteRequest } from '../http/route.ts';
import {
  parseSearchCriteria,
  searchPage,
  type FieldMapping,
  type SearchCriteria,
} from '../search-criteria.ts';
import { restErrors } from './rest-errors.ts';
import { findRma, rmaCommentRow, rmaItemRow, rmaRow, type RmaRow } from './rmas.ts';

export const RMA_RESOURCE = 'MageOS_RMA::rma_manage';

const fields: FieldMapping = { expression: (field) => `t.[${field.replace(/\W/g, '')}]` };

export function loadRma(db: Database, id: number): RmaRow {
  const rma = findRma(db, id);
  if (!rma) throw restErrors.rmaNotFound(id);
  return rma;
}

/** A searchCriteria search of `table`; `scope` (`AbstractRmaManagement`) replaces any `rma_id` filter. */
export function search<T>(
  db: Database,
  table: 'rma_entity' | 'rma_item' | 'rma_comment',
  request: RouteRequest,
  out: (row: never) => T,
  scope?: number,
) {
  const criteria: SearchCriteria = parseSearchCriteria(searchCriteriaParam(request));
  const scoped: SearchCriteria =
    scope === undefined
      ? criteria
      : {
          ...criteria,
          filter_groups: [
            { filters: [{ field: 'rma_id', value: String(scope), condition_type: 'eq' }] },
            ...criteria.filter_groups.map((group) => ({
              filters: group.filters.filter((f) => f.field !== 'rma_id'),
            })),
          ],
        };
  const row = table === 'rma_entity' ? rmaRow : table === 'rma_item' ? rmaItemRow : rmaCommentRow;
  const { rows, total } = searchPage(
    db,
    { table, alias: 't', mapping: fields, tieBreak: 't.entity_id ASC', row },
    scoped,
  );
  return { items: rows.map((r) => out(r as never)), search_criteria: criteria, total_count: total };
}
