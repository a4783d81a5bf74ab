/**
 * Magento's searchCriteria (CONTRACT.md §4): filters in a group are OR-ed, groups are AND-ed; condition
 * types of `Mysql::prepareSqlCondition`; `in`/`nin` split on commas; no LIMIT unless pageSize is truthy;
 * a page past the end returns the last page; the parsed criteria are echoed back in snake_case.
 */
import type { SQLInputValue } from 'node:sqlite';
import type { z } from 'zod';
import { countRow, type Database } from './db.ts';
import { errors } from './errors.ts';
import type { PhpValue } from './query.ts';

export interface Filter {
  field: string;
  value: string;
  condition_type: string;
}

export interface SearchCriteria {
  filter_groups: { filters: Filter[] }[];
  sort_orders?: { field: string; direction: string }[];
  page_size?: number;
  current_page?: number;
}

const pick = (node: PhpValue | undefined, ...keys: string[]): PhpValue | undefined => {
  if (typeof node !== 'object') return undefined;
  for (const key of keys) if (node[key] !== undefined) return node[key];
  return undefined;
};

const list = (node: PhpValue | undefined): PhpValue[] =>
  typeof node === 'object'
    ? Object.entries(node)
        .sort(([a], [b]) => Number(a) - Number(b))
        .map(([, value]) => value)
    : [];

const text = (node: PhpValue | undefined): string | undefined =>
  typeof node === 'string' ? node : undefined;

const integer = (node: PhpValue | undefined, field: string): number | undefined => {
  const value = text(node);
  if (value === undefined || value === '') return undefined;
  if (!/^-?\d+$/.test(value.trim())) throw errors.typeInvalid(field, value, 'int');
  return Number(value);
};

/** `searchCriteria` from the parsed query; `undefined` means it was missing (400 required). */
export function parseSearchCriteria(
  node: PhpValue | undefined,
  paramName = 'searchCriteria',
): SearchCriteria {
  if (node === undefined) throw errors.required([paramName]);
  const criteria: SearchCriteria = {
    filter_groups: list(pick(node, 'filterGroups', 'filter_groups')).map((group) => ({
      filters: list(pick(group, 'filters')).map((filter) => ({
        field: text(pick(filter, 'field')) ?? '',
        value: text(pick(filter, 'value')) ?? '',
        condition_type: (text(pick(filter, 'conditionType', 'condition_type')) || 'eq').toLowerCase(),
      })),
    })),
  };
  const sorts = pick(node, 'sortOrders', 'sort_orders');
  if (sorts !== undefined) {
    criteria.sort_orders = list(sorts).map((sort) => {
      const field = text(pick(sort, 'field')) ?? '';
      const direction = (text(pick(sort, 'direction')) ?? 'ASC').toUpperCase();
      if (!/^[A-Za-z0-9_]+$/.test(field)) throw errors.sortField(field);
      if (direction !== 'ASC' && direction !== 'DESC') throw errors.sortDirection();
      return { field, direction };
    });
  }
  const pageSize = integer(pick(node, 'pageSize', 'page_size'), 'pageSize');
  if (pageSize !== undefined) criteria.page_size = pageSize;
  const currentPage = integer(pick(node, 'currentPage', 'current_page'), 'currentPage');
  if (currentPage !== undefined) criteria.current_page = currentPage;
  return criteria;
}

/** How a field maps to SQL for one entity: its expression, or a custom filter. */
export interface FieldMapping {
  expression(field: string): string;
  /** A custom filter (e.g. category_id): returns SQL and parameters, or undefined for the default. */
  custom?(filter: Filter): { sql: string; params: SQLInputValue[] } | undefined;
  /** Condition type used when a custom filter's caller gave none (category_id defaults to `in`). */
}

const isNumeric = (value: string): boolean => value.trim() !== '' && Number.isFinite(Number(value));

export function filterSql(filter: Filter, mapping: FieldMapping): { sql: string; params: SQLInputValue[] } {
  const custom = mapping.custom?.(filter);
  if (custom) return custom;
  const column = mapping.expression(filter.field);
  const { value } = filter;
  const numeric = (op: string) =>
    isNumeric(value)
      ? { sql: `CAST(${column} AS REAL) ${op} ?`, params: [Number(value)] }
      : { sql: `${column} ${op} ?`, params: [value] };
  const values = value.split(',').map((v) => v.trim());
  switch (filter.condition_type) {
    case 'neq':
    case 'sneq':
      return { sql: `(${column} IS NULL OR ${column} != ?)`, params: [value] };
    case 'like':
      return { sql: `${column} LIKE ?`, params: [value] };
    case 'nlike':
      return { sql: `${column} NOT LIKE ?`, params: [value] };
    case 'in':
      return { sql: `${column} IN (${values.map(() => '?').join(', ')})`, params: values };
    case 'nin':
      return {
        sql: `(${column} IS NULL OR ${column} NOT IN (${values.map(() => '?').join(', ')}))`,
        params: values,
      };
    case 'notnull':
      return { sql: `${column} IS NOT NULL`, params: [] };
    case 'null':
      return { sql: `${column} IS NULL`, params: [] };
    case 'is':
      return value.toUpperCase() === 'NULL' || value === ''
        ? { sql: `${column} IS NULL`, params: [] }
        : { sql: `${column} IS ?`, params: [value] };
    case 'gt':
      return numeric('>');
    case 'lt':
      return numeric('<');
    case 'gteq':
    case 'from':
      return numeric('>=');
    case 'lteq':
    case 'to':
      return numeric('<=');
    case 'finset':
      return { sql: `(',' || ${column} || ',') LIKE ?`, params: [`%,${value},%`] };
    case 'nfinset':
      return { sql: `(${column} IS NULL OR (',' || ${column} || ',') NOT LIKE ?)`, params: [`%,${value},%`] };
    case 'regexp':
      return { sql: `regexp(?, ${column})`, params: [value] };
    case 'seq':
      return value === ''
        ? { sql: `${column} IS NULL`, params: [] }
        : { sql: `${column} = ?`, params: [value] };
    default:
      return { sql: `${column} = ?`, params: [value] };
  }
}

export function whereSql(
  criteria: SearchCriteria,
  mapping: FieldMapping,
): { sql: string; params: SQLInputValue[] } {
  const params: SQLInputValue[] = [];
  const groups = criteria.filter_groups
    .filter((group) => group.filters.length > 0)
    .map((group) => {
      const parts = group.filters.map((filter) => {
        const part = filterSql(filter, mapping);
        params.push(...part.params);
        return part.sql;
      });
      return `(${parts.join(' OR ')})`;
    });
  return { sql: groups.length ? `WHERE ${groups.join(' AND ')}` : '', params };
}

export function orderSql(criteria: SearchCriteria, mapping: FieldMapping, tieBreak: string): string {
  const parts = (criteria.sort_orders ?? []).map(
    (sort) => `${mapping.expression(sort.field)} ${sort.direction === 'DESC' ? 'DESC' : 'ASC'}`,
  );
  return `ORDER BY ${[...parts, tieBreak].join(', ')}`;
}

/** LIMIT/OFFSET with Magento's clamping: no limit for 0 or none, page < 1 is 1, past the end is the last. */
export function limitSql(criteria: SearchCriteria, total: number): string {
  // Clamped like PHP's int cast, so a huge pageSize means "everything" rather than an SQL error.
  const size = Math.min(criteria.page_size ?? 0, Number.MAX_SAFE_INTEGER);
  if (!size || size < 0) return '';
  const lastPage = Math.max(1, Math.ceil(total / size));
  const page = Math.min(Math.max(1, criteria.current_page ?? 1), lastPage);
  return `LIMIT ${size} OFFSET ${(page - 1) * size}`;
}

/** What a search runs over: the table, how fields map to SQL, the row's schema. */
export interface SearchSource<S extends z.ZodType> {
  readonly table: string;
  /** The table's alias, as `mapping` and `tieBreak` name it. */
  readonly alias: string;
  readonly mapping: FieldMapping;
  /** The last sort key, so that equal rows keep a stable order across pages. */
  readonly tieBreak: string;
  readonly row: S;
  /** SQL every row must also meet, whatever the criteria say (e.g. a listing's visibility). */
  readonly condition?: string;
  /** The columns `row` reads (default all the table's). */
  readonly columns?: string;
}

const withCondition = (where: { sql: string; params: SQLInputValue[] }, condition: string | undefined) =>
  condition === undefined
    ? where
    : { sql: where.sql ? `${where.sql} AND (${condition})` : `WHERE ${condition}`, params: where.params };

/**
 * One page of a searchCriteria search: the page's rows and how many match in all (`total_count`). Without
 * `count`, the rows alone: the matches are counted only to clamp a page past the first (a list answered
 * without a total, read page after page, then costs no count over what is left to read).
 */
export function searchPage<S extends z.ZodType>(
  db: Database,
  source: SearchSource<S>,
  criteria: SearchCriteria,
  { count = true }: { count?: boolean } = {},
): { rows: z.output<S>[]; total: number } {
  const where = withCondition(whereSql(criteria, source.mapping), source.condition);
  const from = `${source.table} ${source.alias}`;
  const firstPage = !criteria.page_size || (criteria.current_page ?? 1) <= 1;
  const total =
    count || !firstPage
      ? (db.get(countRow, `SELECT COUNT(*) AS n FROM ${from} ${where.sql}`, ...where.params)?.n ?? 0)
      : 0;
  const rows = db.all(
    source.row,
    `SELECT ${source.columns ?? `${source.alias}.*`} FROM ${from} ${where.sql} ${orderSql(criteria, source.mapping, source.tieBreak)} ${limitSql(criteria, total)}`,
    ...where.params,
  );
  return { rows, total };
}
